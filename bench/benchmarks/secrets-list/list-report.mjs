// The Markdown of secrets-list: the load table, where the SQL time goes, and the three goals.
import { formatInteger, formatPercent, formatVerdict, ratio, renderTable } from '../../lib/index.mjs';
import { isCountStatement, isSecretListStatement } from '../../lib/sql-ceiling-renderers.mjs';

/** Goals of issue 4: real ≥ half the ceiling, p99 under 25 ms, last page within 20 % of the first. */
export const GOALS = { minRatio: 0.5, maxP99Ms: 25, minLastToFirst: 0.8 };

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
      clean: [real, ceiling].every((target) => target.non2xx + target.errors + target.timeouts === 0),
    };
  });
  const goals = judged.filter((page) => !page.reference);
  const ratioPass = goals.every((page) => (page.ratio ?? 0) >= GOALS.minRatio);
  const p99Pass = goals.every((page) => p99Of(page.real) < GOALS.maxP99Ms);
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
    `- p99 under ${GOALS.maxP99Ms} ms at 50 connections on every page: ${formatVerdict(verdicts.every((v) => v.p99Pass))}` +
      misses(
        (page) => p99Of(page.real) < GOALS.maxP99Ms,
        (page) => (answered(page.real) ? `${page.real.latencyMs.p99} ms` : 'no answer within a round'),
      ),
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

function p99Of(target) {
  return answered(target) ? target.latencyMs.p99 : Number.POSITIVE_INFINITY;
}

function shorten(plan = 'n/a') {
  return plan.length > 160 ? `${plan.slice(0, 157)}…` : plan;
}

function round(value) {
  return Math.round(value * 100) / 100;
}
