// The flood benchmark's goals, verdicts and Markdown.
import { formatInteger, formatVerdict, renderTable } from '../../lib/index.mjs';
import { ACCOUNT_LIMIT } from './flood-run.mjs';

/** Issue 14's goals: the list keeps 90 % of its rate and 1.5× its p99; no more checks than the limit. */
export const FLOOD_GOALS = { minRatio: 0.9, maxP99Ratio: 1.5, maxChecks: ACCOUNT_LIMIT };

/** { rpsRatio, p99Ratio, rate, p99, checks, clean, pass } for one engine's measurements. */
export function judgeFlood(run) {
  const rpsRatio = run.flooded.requestsPerSecond / run.quiet.requestsPerSecond;
  // Whole milliseconds: a 1 ms p99 going to 2 ms is a rounding step, not a doubling.
  const p99Ratio = Math.max(run.flooded.latencyMs.p99, 1) / Math.max(run.quiet.latencyMs.p99, 1);
  const clean =
    run.quiet.non2xx + run.quiet.errors + run.flooded.non2xx + run.flooded.errors === 0 &&
    run.floods.every((flood) => flood.errors + flood.timeouts === 0);
  const verdict = {
    rpsRatio,
    p99Ratio,
    rate: rpsRatio >= FLOOD_GOALS.minRatio,
    p99: p99Ratio <= FLOOD_GOALS.maxP99Ratio,
    checks: run.lock.checks <= FLOOD_GOALS.maxChecks && run.lock.afterwards === 429,
    clean,
  };
  return { ...verdict, pass: verdict.rate && verdict.p99 && verdict.checks && verdict.clean };
}

/** One engine's section. */
export function renderFloodRun(run, verdict, settings) {
  const flood = sumFloods(run.floods);
  const rows = [
    ['no flood', run.quiet, null],
    [`during ${settings.floodRate} wrong sign-ins/s`, run.flooded, verdict],
  ].map(([label, load, judged]) => [
    label,
    formatInteger(load.requestsPerSecond),
    `${load.latencyMs.p50} ms`,
    `${load.latencyMs.p99} ms`,
    judged ? `${judged.rpsRatio.toFixed(2)}× ${formatVerdict(judged.rate)}` : '1.00×',
    judged ? `${judged.p99Ratio.toFixed(2)}× ${formatVerdict(judged.p99)}` : '1.00×',
    load.rounds.map(formatInteger).join(', '),
  ]);
  const lock = run.lock;
  return [
    `**${run.engine}**: \`GET /api/v1/secrets.json?limit=20\` as the member (first page)`,
    '',
    renderTable(
      [
        'load',
        'requests/s',
        'p50',
        'p99',
        'requests/s vs no flood',
        'p99 vs no flood',
        'rounds (requests/s)',
      ],
      rows,
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    `The flood: ${formatInteger(flood.answered)} wrong sign-ins answered (${formatInteger(flood.perSecond)}/s), ` +
      `each with a random e-mail and a random client address; ${formatInteger(flood.statuses['401'] ?? 0)} ` +
      `answered 401 after a password check (imitated, for unknown e-mails), ${formatInteger(flood.busy)} ` +
      `429 at once by the bound on Argon2id; p50 ${flood.p50} ms, p99 ${flood.p99} ms; ` +
      `${flood.errors} errors. Sending them took the flood's own process ${flood.senderCpuMsPerSecond} ms ` +
      `of CPU a second on the same two cores (in a deployment, the attacker's).`,
    '',
    `One account, ${settings.lockRate} wrong sign-ins/s for ${settings.lockSeconds} s ` +
      `(${formatInteger(lock.sent)} answered): **${lock.checks} password checks** (401) for a limit of ` +
      `${ACCOUNT_LIMIT} ${formatVerdict(verdict.checks)}; ${formatInteger(lock.refused)} refused by the ` +
      `account's limit, ${formatInteger(lock.busy)} by the bound on Argon2id` +
      `${lock.other ? `, ${lock.other} otherwise` : ''}; the right password afterwards: ${lock.afterwards}.`,
  ].join('\n');
}

function sumFloods(floods) {
  const statuses = {};
  for (const flood of floods) {
    for (const [status, count] of Object.entries(flood.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  }
  const sum = (key) => floods.reduce((total, flood) => total + flood[key], 0);
  const worst = (key) => Math.max(0, ...floods.map((flood) => flood.latencyMs[key]));
  return {
    answered: sum('answered'),
    perSecond: floods.length ? sum('perSecond') / floods.length : 0,
    statuses,
    busy: sum('busy'),
    errors: sum('errors') + sum('timeouts'),
    p50: worst('p50'),
    p99: worst('p99'),
    senderCpuMsPerSecond: sum('seconds') > 0 ? Math.round(sum('cpuMs') / sum('seconds')) : 0,
  };
}
