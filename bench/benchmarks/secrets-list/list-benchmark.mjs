// A secrets-list benchmark: pages of GET /api/v1/secrets.json on the seeded dataset, each measured
// on the real server against bare Fastify running the very SQL the server ran for that request
// (captured), straight on the driver. secrets-list and admin-secrets-list differ only in the pages
// they plan (list-pages.mjs); the load, the ceiling, the report and the goals are these.
import {
  LARGE_SECRETS,
  ORGANISATION_PLANS,
  signInBenchUser,
  startSeededServer,
} from '../../dataset/index.mjs';
import {
  captureResponse,
  captureSql,
  compareTargets,
  DEFAULT_LOAD,
  explainStatements,
  formatInteger,
  isRead,
  median,
  mergeCpuWatches,
  startSqlCeilingFor,
} from '../../lib/index.mjs';
import { GOALS, judge, renderGoals, renderListReport } from './list-report.mjs';

// Every run leaves up to 50 requests queued in the server, which must finish before the other
// server's turn (50 × 250 ms on the slowest page today). A one-connection warm-up leaves none, and a
// page whose single request takes over SLOW_REQUEST_MS gets one round (its verdict is plain either
// way), which keeps a run of six pages between two and three minutes.
export const LIST_LOAD = {
  durationSeconds: process.env.BENCH_DURATION ? DEFAULT_LOAD.durationSeconds : 3,
  warmupSeconds: process.env.BENCH_WARMUP ? DEFAULT_LOAD.warmupSeconds : 1,
  warmupConnections: 1,
  rounds: process.env.BENCH_ROUNDS ? DEFAULT_LOAD.rounds : 2,
};
const SLOW_REQUEST_MS = 50;
const LARGE_PLAN = ORGANISATION_PLANS.find((plan) => plan.key === 'large');

/** "100,000 secrets" (or BENCH_SECRETS), for titles. */
export const LARGE_SIZE = `${formatInteger(LARGE_SECRETS)} secrets`;

const CEILING_NOTE =
  'The ceiling is bare Fastify whose route runs, for that exact request, every reading statement ' +
  'the real server ran (captured from a second server process on the same data with a driver hook): ' +
  "the session with its user and organisation, the caller's memberships, managed chests and " +
  'assignments, the list and its count, with ' +
  'the same parameters, statements prepared once, then renders the same JSON; its answer is ' +
  'checked byte for byte (body, status, headers) against the real one before the load. The real ' +
  'server also runs its own code around the same statements (Kysely where a query is built per ' +
  'request, authentication, policy and presenters) and logs each request. The last page by ' +
  'cursor continues from the page before ' +
  'it, as a client scrolling does; both last pages are checked to hold the same rows.';

/**
 * Runs the pages `planPages(server, tokens)` plans (list-pages.mjs) on SQLite, and on PostgreSQL
 * when BENCH_DATABASE_URL is set, and returns the benchmark's outcome ({ body, goal, pass, … }).
 * `intro` is a sentence above the tables.
 */
export async function runListBenchmark({ log, serverEnv, planPages, intro = '' }) {
  const engines = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const runs = [];
  for (const engine of engines) runs.push(await measure(engine, { log, serverEnv, planPages }));
  const verdicts = runs.map((run) => ({ engine: run.engine, ...judge(run.pages) }));
  const settings = { ...DEFAULT_LOAD, ...LIST_LOAD };
  const body = [
    ...(intro ? [intro, ''] : []),
    ...runs.flatMap((run, index) => [renderListReport(run, verdicts[index]), '']),
    CEILING_NOTE,
    '',
    renderGoals(verdicts),
  ].join('\n');
  return {
    body,
    goal: `≥ ${GOALS.minRatio * 100} % of the ceiling, p99 < ${GOALS.maxP99Ms} ms at ${GOALS.pacedShare * 100} % of its rate, last page ≈ first`,
    pass: verdicts.every((verdict) => verdict.pass),
    settings:
      `Load: autocannon on each page below, ${settings.connections} connections, pipelining 1; ` +
      `${settings.warmupSeconds} s warm-up on one connection, then ${settings.rounds} rounds of ` +
      `${settings.durationSeconds} s per server (one round where a request alone takes over ` +
      `${SLOW_REQUEST_MS} ms), alternating, each server left to finish the requests still queued ` +
      'before the next run; medians of the rounds. Then the same again at a fixed rate, ' +
      `${GOALS.pacedShare * 100} % of the ceiling's requests/s on that page, for both servers.`,
    cpu: mergeCpuWatches(runs.flatMap((run) => run.pages.map((page) => page.comparison.cpu))),
    data: { runs: runs.map(toData) },
  };
}

async function measure(engine, { log, serverEnv, planPages }) {
  const { server, manifest } = await startSeededServer({ database: engine, env: serverEnv, log });
  let ceiling = null;
  try {
    const tokens = {
      administrator: await signInBenchUser(server, 'largeAdministrator'),
      member: await signInBenchUser(server, 'largeMember'),
      smallAdministrator: await signInBenchUser(server, 'smallAdministrator'),
    };
    const pages = await planPages(server, tokens);
    const captured = await captureSql(
      server,
      pages.map((page) => ({ path: page.path, headers: page.requestHeaders })),
      { env: serverEnv },
    );
    for (const [index, page] of pages.entries()) {
      page.statements = captured[index].statements;
      page.explained = await explainStatements(
        server,
        page.statements.filter((statement) => isRead(statement.sql)),
      );
    }
    ({ ceiling } = await startSqlCeilingFor(server, pages));
    for (const page of pages) {
      log(`  ${engine}: ${page.user}, ${page.label}`);
      page.aloneMs = {
        real: await timeAlone(server, page),
        ceiling: await timeAlone(ceiling, page),
      };
      const rounds = page.aloneMs.real > SLOW_REQUEST_MS ? 1 : LIST_LOAD.rounds;
      page.comparison = await compareTargets({
        targets: [server, ceiling],
        path: page.path,
        load: { ...LIST_LOAD, rounds, headers: page.requestHeaders },
        log,
      });
      // Latency at a load both can carry: at saturation a closed loop of 50 connections makes p99
      // a function of throughput, not of how long a request waits behind Coffer's own work.
      const ceilingRate = page.comparison.targets[1].requestsPerSecond;
      page.paced = await compareTargets({
        targets: [server, ceiling],
        path: page.path,
        load: {
          ...LIST_LOAD,
          rounds,
          headers: page.requestHeaders,
          overallRate: Math.max(1, Math.round(ceilingRate * GOALS.pacedShare)),
        },
        log,
      });
    }
    const large = manifest.organisations.large;
    return {
      engine: engine === 'postgres' ? 'PostgreSQL' : 'SQLite',
      secrets: large.secrets,
      liveSecrets: large.liveSecrets,
      users: LARGE_PLAN.users,
      chests: LARGE_PLAN.chests,
      otherSecrets:
        Object.values(manifest.organisations).reduce((sum, o) => sum + o.secrets, 0) - large.secrets,
      memberTotal: pages.find((page) => page.user === 'member')?.total ?? null,
      pages,
    };
  } finally {
    await ceiling?.stop();
    await server.stop();
  }
}

// One request at a time, nothing else queued: the median of five, after one unrecorded.
async function timeAlone(target, page) {
  const times = [];
  for (let run = 0; run < 6; run += 1) {
    const startedAt = performance.now();
    const answer = await captureResponse(`${target.url}${page.path}`, page.requestHeaders);
    if (answer.status !== 200) throw new Error(`${target.name} answered ${answer.status}`);
    if (run > 0) times.push(performance.now() - startedAt);
  }
  return Math.round(median(times) * 10) / 10;
}

// latest.json keeps numbers and plans, never a token (the request headers stay out).
function toData(run) {
  return {
    ...run,
    pages: run.pages.map(({ requestHeaders: _headers, statements, explained, ...page }) => ({
      ...page,
      statements: statements.map((statement) => statement.sql),
      explained: explained.map(({ sql: _sql, ...statement }) => statement),
    })),
  };
}
