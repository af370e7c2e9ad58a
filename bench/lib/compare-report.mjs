// Markdown for a compareTargets result: one row per server, the ratio to the ceiling.
import { formatInteger, formatPercent, renderTable } from './markdown.mjs';
import { ratio } from './stats.mjs';

/** "autocannon, 8 s × 3 rounds per server, …" for a section's header line. */
export function describeLoad(settings) {
  return (
    `Load: autocannon on \`GET ${settings.path}\`, ${settings.connections} connections, pipelining ` +
    `${settings.pipelining}; ${settings.warmupSeconds} s warm-up, then ${settings.rounds} rounds of ` +
    `${settings.durationSeconds} s per server, alternating; medians of the rounds.`
  );
}

/**
 * The table of a comparison, with each server's requests/s as a share of `ceilingName`'s.
 * Returns { table, ratios: { [name]: number | null }, clean (no non-2xx, errors or timeouts) }.
 */
export function renderComparison(comparison, ceilingName) {
  const ceiling = comparison.targets.find((target) => target.name === ceilingName);
  const ratios = {};
  const rows = comparison.targets.map((target) => {
    ratios[target.name] = ratio(target.requestsPerSecond, ceiling?.requestsPerSecond ?? 0);
    return [
      target.name,
      formatInteger(target.requestsPerSecond),
      target.latencyMs.p50,
      target.latencyMs.p97_5,
      target.latencyMs.p99,
      formatPercent(ratios[target.name]),
      target.non2xx + target.errors + target.timeouts,
      target.rounds.map((round) => formatInteger(round.requestsPerSecond)).join(' / '),
    ];
  });
  const table = renderTable(
    [
      'server',
      'requests/s',
      'p50 ms',
      'p97.5 ms',
      'p99 ms',
      'of ceiling',
      'non-2xx + errors',
      'rounds (req/s)',
    ],
    rows,
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
  const clean = comparison.targets.every((target) => target.non2xx + target.errors + target.timeouts === 0);
  return { table, ratios, clean };
}
