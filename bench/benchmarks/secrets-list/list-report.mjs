// The Markdown of secrets-list: the load table, where the SQL time goes, and the three goals.
import { formatInteger, formatPercent, formatVerdict, ratio, renderTable } from '../../lib/index.mjs';
import { isCountStatement, isSecretListStatement } from '../../lib/sql-ceiling-renderers.mjs';

/**
 * Goals of issues 4 and 13: real ≥ half the ceiling, last page within 20 % of the first, and p99
 * under 25 ms at a fixed rate of a quarter of the ceiling's requests/s: half of what the first goal
 * promises the server carries, so a server that meets it is at most half busy there (where the bare
 * SQL alone takes longer, within 1.5× of the ceiling's p99 at that rate). The p99 was first judged
 * at saturation, where 50 connections on two cores make it a function of throughput: the bare
 * ceiling itself answered at 24 to 45 ms there (docs/decisions.md). Saturated p99s are still shown.
 */
export const GOALS = {
  minRatio: 0.5,
  maxP99Ms: 25,
  pacedShare: 0.25,
  maxP99ToCeiling: 1.5,
  minLastToFirst: 0.8,
};

/** Verdicts per page and overall: { pages: [{ …, ratio, lastToFirst }], ratioPass, p99Pass, depthPass, pass }. */
export function judge(pages) {
  const judged = pages.map((page) => {
    const [real, ceiling] = page.comparison.targets;
    const first = pages.find((other) => other.user === page.user && other.label === 'first');
    return {
      ...page,
      real,
      ceiling,
      ratio: ratio(real.requestsPerSecond, ceiling.requestsPerSecond),
      lastToFirst:
        !first || first === page
          ? null
          : ratio(real.requestsPerSecond, first.comparison.targets[0].requestsPerSecond),
      paced: {
        real: page.paced.targets[0],
        ceiling: page.paced.targets[1],
        rate: page.paced.settings.overallRate,
      },
      clean: [real, ceiling, ...page.paced.targets].every(
        (target) => target.non2xx + target.errors + target.timeouts === 0,
      ),
    };
  });
  const goals = judged.filter((page) => !page.reference);
  const ratioPass = goals.every((page) => (page.ratio ?? 0) >= GOALS.minRatio);
  const p99Pass = goals.every(pacedP99WithinGoal);
  const depthPass = goals.every(
    (page) => page.lastToFirst === null || page.lastToFirst >= GOALS.minLastToFirst,
  );
  const clean = judged.every((page) => page.clean);
  return {
    pages: judged,
    ratioPass,
    p99Pass,
    depthPass,
    clean,
    pass: ratioPass && p99Pass && depthPass && clean,
  };
}

/** The section body for one database's judged run. */
export function renderListReport(run, verdict) {
  const loadRows = verdict.pages.flatMap((page) =>
    [page.real, page.ceiling].map((target, index) => [
      index === 0 ? page.user : '',
      index === 0 ? page.label : '',
      target.name,
      formatInteger(target.requestsPerSecond),
      ...(answered(target)
        ? [target.latencyMs.p50, target.latencyMs.p97_5, target.latencyMs.p99]
        : ['–', '–', '–']),
      index === 0 ? page.aloneMs.real : page.aloneMs.ceiling,
      index === 0 ? formatPercent(page.ratio) : '100.0 %',
      target.non2xx + target.errors + target.timeouts,
      target.rounds.map((round) => formatInteger(round.requestsPerSecond)).join(' / '),
    ]),
  );
  const sqlRows = verdict.pages.map((page) => {
    const list = page.explained.find((statement) => isSecretListStatement(statement.sql));
    const count = page.explained.find((statement) => isCountStatement(statement.sql));
    const others = page.explained.filter((statement) => statement !== list && statement !== count);
    return [
      page.user,
      page.label,
      `\`${shorten(list?.plan)}\``,
      list?.ms ?? 'n/a',
      `\`${shorten(count?.plan)}\``,
      count?.ms ?? 'n/a',
      `${round(others.reduce((sum, statement) => sum + statement.ms, 0))} (${others.length})`,
    ];
  });
  return [
    `**${run.engine}**: the large organisation, ${formatInteger(run.secrets)} secrets ` +
      `(${formatInteger(run.liveSecrets)} live), ${run.users} users, ${run.chests} chests, and ${formatInteger(run.otherSecrets)} ` +
      `secrets of three other organisations.` +
      (run.memberTotal === null
        ? ''
        : ` The member's teams reach ${formatInteger(run.memberTotal)} of them.`),
    '',
    renderTable(
      [
        'caller',
        'page',
        'server',
        'requests/s',
        'p50 ms',
        'p97.5 ms',
        'p99 ms',
        'alone ms',
        'of ceiling',
        'non-2xx + errors',
        'rounds (req/s)',
      ],
      loadRows,
      ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    '"alone": one request at a time with nothing queued (median of 5). A page whose answers all take ' +
      'longer than a round shows 0 requests/s: under 50 connections the server works on all of them ' +
      'at once, so none finishes within the round.',
    '',
    `At a fixed rate, ${formatPercent(GOALS.pacedShare)} of the ceiling's requests/s on each page, the same ` +
      '50 connections, for both servers (latency counted from when each request was due):',
    '',
    renderTable(
      [
        'caller',
        'page',
        'rate (req/s)',
        'Coffer p50 ms',
        'Coffer p99 ms',
        'ceiling p50 ms',
        'ceiling p99 ms',
      ],
      verdict.pages.map((page) => [
        page.user,
        page.label,
        formatInteger(page.paced.rate),
        ...[page.paced.real, page.paced.ceiling].flatMap((target) =>
          answered(target) ? [target.latencyMs.p50, target.latencyMs.p99] : ['–', '–'],
        ),
      ]),
      ['left', 'left', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    'Where the time goes: each statement alone on the driver, one connection, no load (median of 15 runs, ms).',
    '',
    renderTable(
      ['caller', 'page', 'list: plan', 'list ms', 'count(*): plan', 'count ms', 'other statements ms (n)'],
      sqlRows,
      ['left', 'left', 'left', 'right', 'left', 'right', 'right'],
    ),
    '',
    describeCountShare(verdict.pages.filter((page) => !page.reference)),
  ].join('\n');
}

// How much of each large-organisation page's SQL time the count(*) for `total` takes.
function describeCountShare(pages) {
  const shares = pages.flatMap((page) => {
    const count = page.explained.find((statement) => isCountStatement(statement.sql));
    const total = page.explained.reduce((sum, statement) => sum + statement.ms, 0);
    return count && total > 0 ? [{ page, share: count.ms / total, ms: count.ms }] : [];
  });
  if (shares.length === 0) return 'No page runs a count(*).';
  const low = Math.min(...shares.map((entry) => entry.share));
  const high = Math.max(...shares.map((entry) => entry.share));
  return (
    `${shares.length} of the ${pages.length} pages above run a count(*) for \`total\` (cursor pages ` +
    `included); it is ${formatPercent(low)} to ${formatPercent(high)} of a page's SQL time, ` +
    `${Math.min(...shares.map((entry) => entry.ms))} to ${Math.max(...shares.map((entry) => entry.ms))} ms.`
  );
}

/** The goal lines under the tables. */
export function renderGoals(verdicts) {
  const pages = verdicts.flatMap((verdict) =>
    verdict.pages.filter((page) => !page.reference).map((page) => ({ ...page, engine: verdict.engine })),
  );
  const name = (page) => `${page.engine}, ${page.user}, ${page.label}`;
  const misses = (test, describe) => {
    const failed = pages.filter((page) => !test(page));
    return failed.length === 0
      ? ''
      : ` (${failed.map((page) => `${name(page)}: ${describe(page)}`).join('; ')})`;
  };
  return [
    `- Real server at least ${formatPercent(GOALS.minRatio)} of the ceiling's requests/s on every page: ` +
      `${formatVerdict(verdicts.every((v) => v.ratioPass))}` +
      misses(
        (page) => (page.ratio ?? 0) >= GOALS.minRatio,
        (page) => (page.ratio === null ? 'no answer within a round' : formatPercent(page.ratio)),
      ),
    `- p99 under ${GOALS.maxP99Ms} ms at ${formatPercent(GOALS.pacedShare)} of the ceiling's rate on every page ` +
      `(where the ceiling's own p99 there is over ${(GOALS.maxP99Ms / GOALS.maxP99ToCeiling).toFixed(1)} ms, at most ` +
      `${GOALS.maxP99ToCeiling}× it): ${formatVerdict(verdicts.every((v) => v.p99Pass))}` +
      misses(pacedP99WithinGoal, (page) =>
        answered(page.paced.real)
          ? `${page.paced.real.latencyMs.p99} ms against the ceiling's ${page.paced.ceiling.latencyMs.p99} ms`
          : 'no answer within a round',
      ),
    `- p99 under ${GOALS.maxP99Ms} ms at saturation (reported, not judged): ` +
      `${pages.filter((page) => p99Of(page.real) < GOALS.maxP99Ms).length} of ${pages.length} pages, ` +
      `the ceiling ${pages.filter((page) => p99Of(page.ceiling) < GOALS.maxP99Ms).length} of ${pages.length}`,
    `- Last page about as fast as the first (at least ${formatPercent(GOALS.minLastToFirst)} of its requests/s): ` +
      `${formatVerdict(verdicts.every((v) => v.depthPass))}` +
      misses(
        (page) => page.lastToFirst === null || page.lastToFirst >= GOALS.minLastToFirst,
        (page) => formatPercent(page.lastToFirst),
      ),
    `- Every answer 200: ${formatVerdict(verdicts.every((v) => v.clean))}`,
  ].join('\n');
}

/** Whether any request of the target's rounds was answered (autocannon reports 0 ms otherwise). */
function answered(target) {
  return target.rounds.some((round) => round.requests > 0);
}

/** Paced p99 under GOALS.maxP99Ms, or within GOALS.maxP99ToCeiling of the ceiling's where the SQL alone is slower. */
function pacedP99WithinGoal(page) {
  const bound = Math.max(GOALS.maxP99Ms, GOALS.maxP99ToCeiling * p99Of(page.paced.ceiling));
  return p99Of(page.paced.real) < bound;
}

function p99Of(target) {
  return answered(target) ? target.latencyMs.p99 : Number.POSITIVE_INFINITY;
}

function shorten(plan = 'n/a') {
  return plan.length > 160 ? `${plan.slice(0, 157)}…` : plan;
}

function round(value) {
  return Math.round(value * 100) / 100;
}
