// The Markdown and the verdicts of rotation-list: the removals, and the list's first pages against
// the dashboard's.
import { formatInteger, median, ratio, renderTable } from '../../lib/index.mjs';
import { PAGES, REFERENCE_PAGE } from './rotation-run.mjs';

/** Issue 31's goals: a removal commits in at most 1 s; a first page at most 2× the secrets list's. */
export const ROTATION_GOALS = { maxRemovalMs: 1000, maxPageRatio: 2 };

/** { removalMs, removalPass, pages: [{ key, timeRatio, rateRatio, pass }], pagesPass, pass }. */
export function judgeRotation(run) {
  const removalMs = median(run.removals.map((entry) => entry.reader.ms));
  const reference = run.pages[REFERENCE_PAGE];
  const pages = Object.keys(PAGES)
    .filter((key) => key !== REFERENCE_PAGE)
    .map((key) => {
      const page = run.pages[key];
      const timeRatio = ratio(page.aloneMs, reference.aloneMs);
      const rateRatio = ratio(reference.load.requestsPerSecond, page.load.requestsPerSecond);
      const clean = page.load.non2xx + page.load.errors + page.load.timeouts === 0;
      const pass =
        clean && timeRatio <= ROTATION_GOALS.maxPageRatio && rateRatio <= ROTATION_GOALS.maxPageRatio;
      return { key, timeRatio, rateRatio, clean, pass };
    });
  const removalPass = removalMs <= ROTATION_GOALS.maxRemovalMs;
  const pagesPass = pages.every((page) => page.pass);
  return { removalMs, removalPass, pages, pagesPass, pass: removalPass && pagesPass };
}

/** One engine's section. */
export function renderRotationRun(run, verdict) {
  const removalRows = run.removals.map((entry) => [
    entry.round,
    formatInteger(entry.reader.keys),
    entry.reader.ms,
    entry.reader.cpuMs,
    entry.reference.ms,
    entry.reference.cpuMs,
  ]);
  const pageRows = Object.entries(run.pages).map(([key, page]) => [
    `${key}: \`${page.path}\``,
    page.aloneMs,
    formatInteger(page.load.requestsPerSecond),
    page.load.latencyMs.p50,
    page.load.latencyMs.p99,
    page.load.non2xx + page.load.errors + page.load.timeouts,
    page.load.rounds.map((round) => formatInteger(round.requestsPerSecond)).join(' / '),
  ]);
  return [
    `**${run.engine}**: the large organisation, ${formatInteger(run.secrets)} secrets, every reader holding a key of every secret they read.`,
    '',
    renderTable(
      [
        'round',
        'removed member could read',
        'removal ms',
        'its CPU ms',
        'reference removal ms (no secret)',
        'its CPU ms',
      ],
      removalRows,
      ['right', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    `Removing a member who could read about 20,000 secrets: ${verdict.removalMs} ms (median): ` +
      `${verdict.removalPass ? 'pass' : '**miss**'} (at most ${ROTATION_GOALS.maxRemovalMs} ms). Removing an ` +
      `administrator afterwards (${formatInteger(run.administrator.keys)} secrets, every one): ` +
      `${run.administrator.ms} ms (CPU ${run.administrator.cpuMs} ms), once (no goal). "CPU ms": the CPU ` +
      "time of the server and its database's backends during the call (`/proc`, polled every 500 ms and at " +
      'both ends), what the removal costs whatever else runs on the machine.',
    '',
    `Then the list holds ${formatInteger(run.rows.total)} open rows (${formatInteger(run.rows.expected)} expected: ` +
      'one per key of each removed user).',
    '',
    renderTable(
      [
        'page (administrator)',
        'alone ms',
        'requests/s',
        'p50 ms',
        'p99 ms',
        'non-2xx + errors',
        'rounds (req/s)',
      ],
      pageRows,
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    ...verdict.pages.map(
      (page) =>
        `- ${page.key}: ${page.timeRatio.toFixed(2)}× the secrets list's time alone, ` +
        `${page.rateRatio.toFixed(2)}× fewer requests/s under load: ${page.pass ? 'pass' : '**miss**'} ` +
        `(at most ${ROTATION_GOALS.maxPageRatio}× both).`,
    ),
  ].join('\n');
}

/** How the numbers are made. */
export function renderRotationMethod(settings) {
  return (
    'Each removal is `DELETE /api/v1/users/{id}.json` as the admin area sends it, timed from the call to ' +
    'the end of the answer (one transaction on the server: the rotation rows recorded, the keys, ' +
    'memberships and user deleted, the audit entry written). The removed members are the ' +
    `${settings.removalRounds} users of the organisation (not its owner, not a benchmark user) whose ` +
    'number of keys is closest to 20,000 (read from the database before the first request); the reference ' +
    'is a user added through the API just before (no key: what a removal costs without recording), the ' +
    'order alternating per round, the server idle before each. The pages: each alone (median of ' +
    `${settings.aloneRuns} requests, the order rotating), then under the standard load in alternating rounds.`
  );
}
