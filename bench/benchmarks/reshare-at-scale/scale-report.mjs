// reshare-at-scale's goals, verdicts and Markdown.
import { DASHBOARD_PATH, formatInteger, formatVerdict, median, renderTable } from '../../lib/index.mjs';
import { COUNT_PATH, PROBE_PATH, RESHARE_PATH } from './scale-api.mjs';

/**
 * Issue 13's goals: with nothing missing, the missing-key list within 2× of the dashboard's first
 * page (time alone, and requests/s under load); a team change that grants a new user the grant
 * team's secrets under 1 s (median); the count afterwards exactly what the plan says.
 */
export const SCALE_GOALS = { maxListRatio: 2, maxChangeMs: 1000 };

/**
 * { aloneRatio, rateRatio (the list's requests/s over reshare_all's), list, changeMs, change,
 * referenceMs, counts, clean, pass } for one engine's measurements.
 */
export function judgeScale(run) {
  const { reshare, dashboard } = run.pages;
  const aloneRatio = reshare.aloneMs / dashboard.aloneMs;
  const rateRatio = dashboard.load.requestsPerSecond / Math.max(reshare.load.requestsPerSecond, 1);
  const changeMs = median(run.changes.grant.map((entry) => entry.quiet.ms));
  const referenceMs = median(run.changes.empty.map((entry) => entry.quiet.ms));
  const counts = [...run.changes.grant, ...run.changes.empty].every((entry) =>
    entry.counts.every((count) => count.total === count.expected),
  );
  const failedAround = [...run.changes.grant, ...run.changes.empty].reduce(
    (sum, entry) => sum + entry.probed.list.during.failed + entry.probed.list.outside.failed,
    0,
  );
  const clean =
    failedAround === 0 &&
    [reshare, dashboard].every((page) => page.load.non2xx + page.load.errors + page.load.timeouts === 0);
  const verdict = {
    aloneRatio,
    rateRatio,
    list: aloneRatio <= SCALE_GOALS.maxListRatio && rateRatio <= SCALE_GOALS.maxListRatio,
    changeMs,
    change: changeMs < SCALE_GOALS.maxChangeMs,
    referenceMs,
    counts,
    clean,
  };
  return { ...verdict, pass: verdict.list && verdict.change && verdict.counts && verdict.clean };
}

/** One engine's section: the two pages, the two changes, the counts afterwards. */
export function renderScaleRun(run, verdict) {
  const { reshare, dashboard } = run.pages;
  const pageRow = (label, page) => [
    label,
    page.aloneMs,
    formatInteger(page.load.requestsPerSecond),
    page.load.latencyMs.p50,
    page.load.latencyMs.p99,
    page.load.non2xx + page.load.errors + page.load.timeouts,
    page.load.rounds.map((r) => formatInteger(r.requestsPerSecond)).join(' / '),
  ];
  const changeRow = (label, entries, missing) => {
    const during = entries.map((entry) => entry.probed.list.during);
    const outside = entries.map((entry) => entry.probed.list.outside);
    return [
      label,
      formatInteger(missing),
      `${tenths(median(entries.map((entry) => entry.quiet.ms)))}`,
      entries.map((entry) => entry.quiet.ms).join(' / '),
      `${tenths(median(entries.map((entry) => entry.probed.ms)))}`,
      formatInteger(during.reduce((sum, side) => sum + side.count, 0)),
      worst(during, 'p99'),
      worst(during, 'longest'),
      worst(outside, 'p99'),
    ];
  };
  const countRow = (label, entries) => {
    const counts = entries.flatMap((entry) => entry.counts);
    return [
      label,
      counts.map((count) => formatInteger(count.total)).join(' / '),
      formatInteger(counts[0]?.expected ?? 0),
      tenths(median(counts.map((count) => count.ms))),
      tenths(median(entries.flatMap((entry) => entry.removals))),
    ];
  };
  const grant = run.grant;
  return [
    `**${run.engine}**: the large organisation, ${formatInteger(run.dataset.secrets)} secrets and ` +
      `${formatInteger(run.dataset.keys)} wrapped keys (every reader holds every key: ` +
      `${formatInteger(run.dataset.missingKeys)} missing), as its owner (an administrator).`,
    '',
    renderTable(
      ['request', 'alone ms', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx + errors', 'rounds (req/s)'],
      [
        pageRow(`\`GET ${RESHARE_PATH}\` (nothing missing)`, reshare),
        pageRow(`\`GET ${DASHBOARD_PATH}\` (reference)`, dashboard),
      ],
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    `The missing-key list takes ${verdict.aloneRatio.toFixed(2)}× the first page's time alone, and the ` +
      `first page answers ${verdict.rateRatio.toFixed(2)}× its requests per second: ` +
      `${formatVerdict(verdict.list)} (at most ${SCALE_GOALS.maxListRatio}× both).`,
    '',
    renderTable(
      [
        '`PUT /api/v1/teams/{id}.json`: a new user joins',
        'keys made missing',
        'ms (median)',
        'ms per round',
        'ms beside the list',
        'list requests during',
        'their p99 ms',
        'their longest ms',
        'list p99 ms otherwise',
      ],
      [
        changeRow(
          `${grant.name} (${grant.chests} chests, ${formatInteger(grant.secrets)} secrets)`,
          run.changes.grant,
          grant.secrets,
        ),
        changeRow(`${run.empty.name} (no chest: reference)`, run.changes.empty, 0),
      ],
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    `The change that grants ${formatInteger(grant.secrets)} secrets takes ` +
      `${tenths(verdict.changeMs)} ms, ${(verdict.changeMs / Math.max(verdict.referenceMs, 0.1)).toFixed(1)}× ` +
      `the reference: ${formatVerdict(verdict.change)} (under ${SCALE_GOALS.maxChangeMs / 1000} s).`,
    '',
    renderTable(
      [
        'after joining',
        `\`GET ${COUNT_PATH}\` total`,
        'expected',
        'ms (median)',
        'removing the user ms (median)',
      ],
      [countRow(grant.name, run.changes.grant), countRow(run.empty.name, run.changes.empty)],
      ['left', 'right', 'right', 'right', 'right'],
    ),
    '',
    `Counts as the plan expects: ${formatVerdict(verdict.counts)}.`,
  ].join('\n');
}

/** The section's explanation of the method, under the engines' tables. */
export function renderMethod(settings) {
  return [
    `Every change adds a new user first (\`POST /api/v1/users.json\` with keys made as the add-user flow ` +
      `makes them; they land in the default team, which holds no chest, and miss no key), ` +
      `then times \`PUT /api/v1/teams/{id}.json\` with \`memberships_attributes: [{ user_id, edit_access: ` +
      `false }]\` from the call to the end of the answer (one transaction on the server), reads the count ` +
      `and removes the user again (\`DELETE /api/v1/users/{id}.json\`), so each round starts with nothing ` +
      `missing. ${settings.changeRounds} rounds per team, the order alternating; each change once quiet ` +
      `and once beside the member's list (\`GET ${PROBE_PATH}\` on ${settings.probeConnections} ` +
      `connections, back to back, from ${settings.probeLeadMs / 1000} s before the change to ` +
      `${settings.probeTailMs / 1000} s after it): "during" are the list requests in flight at some ` +
      'moment of the change, "otherwise" the others of the same window. The server runs with ' +
      '`BILLING=off` (the organisation already has the Team Plan’s 50 users).',
  ].join('\n');
}

function worst(sides, key) {
  const values = sides.map((side) => side[key]).filter((value) => value !== null);
  return values.length === 0 ? 'n/a' : Math.max(...values);
}

function tenths(ms) {
  return Math.round(ms * 10) / 10;
}
