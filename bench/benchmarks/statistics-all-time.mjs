// GET /api/v1/all_time_data_records.json (a data administrator's statistic cards) at 1 organisation
// against 1,000 organisations and 100,000 users, side by side in one run: the call reads the daily
// records of the caller's organisation only, through (organisation_id, recorded_on), so its time
// must not grow with the rows around it (issue 12). Seeded straight into the database.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  captureResponse,
  captureSql,
  compareTargets,
  describeLoad,
  explainStatements,
  formatInteger,
  formatVerdict,
  isRead,
  median,
  ratio,
  renderTable,
  startRealServer,
} from '../lib/index.mjs';
import {
  DAYS,
  describeSetup,
  seedPostgres,
  seedSqliteFile,
  USERS_PER_ORGANISATION,
} from './statistics-all-time/statistics-seed.mjs';

const PATH = '/api/v1/all_time_data_records.json';
const SETUPS = [
  { key: 'one', label: '1 organisation', organisations: 1 },
  { key: 'many', label: '1,000 organisations', organisations: 1000 },
];
/** Goal: the large setup answers at least this share of the small one's requests per second. */
const MIN_THROUGHPUT_RATIO = 0.9;

export default {
  name: 'statistics-all-time',
  title:
    '`GET /api/v1/all_time_data_records.json`: 1 organisation against 1,000 organisations and 100,000 users',
  async run({ log, serverEnv }) {
    const engines = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
    const runs = [];
    for (const engine of engines) runs.push(await measure(engine, { log, serverEnv }));
    const pass = runs.every((run) => run.pass);
    const body = [
      `Each setup gives every organisation ${USERS_PER_ORGANISATION} users and ${DAYS} days of daily ` +
        'records (every figure), ending yesterday; the data administrator of the organisation in the ' +
        'middle asks for the cards. Only the number of organisations around it differs.',
      '',
      ...runs.flatMap((run) => [render(run), '']),
      `Goal: every answer 200 and the same cards in both setups, and at 1,000 organisations at least ` +
        `${MIN_THROUGHPUT_RATIO * 100} % of the requests per second of 1 organisation (the ratio near 1): ` +
        `${formatVerdict(pass)}.`,
    ].join('\n');
    return {
      body,
      goal: `1,000 organisations ≥ ${MIN_THROUGHPUT_RATIO * 100} % of 1 organisation's requests/s`,
      pass,
      settings: describeLoad(runs[0].comparison.settings),
      cpu: runs[0].comparison.cpu,
      data: {
        runs: runs.map(({ comparison, ...run }) => ({ ...run, targets: comparison.targets.map(toData) })),
      },
    };
  },
};

async function measure(engine, { log, serverEnv }) {
  // One session token for both setups (seeded as its hash), so one load sends the same header to both.
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token, 'utf8').digest('hex');
  const headers = { authorization: `Bearer ${token}` };
  const servers = [];
  try {
    for (const setup of SETUPS) {
      log(`  ${engine}: seeding ${setup.label}`);
      const startedAt = performance.now();
      const server = await startSeeded(engine, setup.organisations, tokenHash, serverEnv);
      server.name = `${setup.label} (${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'})`;
      server.setup = { ...setup, ...describeSetup(setup.organisations) };
      server.measuredOrganisationId = server.seeded;
      server.seedSeconds = Math.round((performance.now() - startedAt) / 100) / 10;
      servers.push(server);
    }
    const answers = [];
    for (const server of servers) {
      const answer = await captureResponse(`${server.url}${PATH}`, headers);
      if (answer.status !== 200) throw new Error(`${server.name} answered ${answer.status}`);
      answers.push(answer.body.toString('utf8'));
    }
    const many = servers[1];
    const [captured] = await captureSql(many, [{ path: PATH, headers }], { env: serverEnv });
    // The capturing server's own recorder also reads data_records as it starts: keep the request's.
    const plans = await explainStatements(
      many,
      captured.statements.filter(
        (statement) =>
          isRead(statement.sql) &&
          statement.sql.includes('data_records') &&
          statement.params.includes(many.measuredOrganisationId),
      ),
    );
    const comparison = await compareTargets({ targets: servers, path: PATH, load: { headers }, log });
    // Alone, once both are warm, alternating, so neither is timed on a quieter machine.
    const alone = new Map(servers.map((server) => [server, []]));
    for (let round = 0; round < 3; round += 1) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        alone.get(server).push(await timeAlone(server, headers));
      }
    }
    for (const server of servers) server.aloneMs = median(alone.get(server));
    const [one, large] = comparison.targets;
    const throughputRatio = ratio(large.requestsPerSecond, one.requestsPerSecond);
    const clean = comparison.targets.every((target) => target.non2xx + target.errors + target.timeouts === 0);
    const sameCards = answers[0] === answers[1];
    return {
      engine: engine === 'postgres' ? 'PostgreSQL' : 'SQLite',
      setups: servers.map((server) => ({
        ...server.setup,
        seedSeconds: server.seedSeconds,
        aloneMs: server.aloneMs,
      })),
      sameCards,
      throughputRatio,
      aloneRatio: ratio(servers[1].aloneMs, servers[0].aloneMs),
      plans: plans.map(({ sql, plan, ms }) => ({ sql, plan, ms })),
      comparison,
      pass: clean && sameCards && throughputRatio !== null && throughputRatio >= MIN_THROUGHPUT_RATIO,
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

// Starts a server on a seeded database; `seeded` on the answer is the measured organisation's id.
async function startSeeded(engine, organisations, tokenHash, serverEnv) {
  if (engine === 'sqlite') {
    let seeded = null;
    const server = await startRealServer({
      env: serverEnv,
      prepareDataDir: async (dataDir) => {
        seeded = await seedSqliteFile(path.join(dataDir, 'coffer.sqlite'), organisations, tokenHash);
      },
    });
    return Object.assign(server, { seeded });
  }
  const server = await startRealServer({ database: 'postgres', env: serverEnv });
  try {
    return Object.assign(server, {
      seeded: await seedPostgres(server.databaseUrl, organisations, tokenHash),
    });
  } catch (error) {
    await server.stop();
    throw error;
  }
}

// One request at a time, nothing else queued: the median of 10, after one unrecorded.
async function timeAlone(server, headers) {
  const times = [];
  for (let run = 0; run < 11; run += 1) {
    const startedAt = performance.now();
    const answer = await captureResponse(`${server.url}${PATH}`, headers);
    if (answer.status !== 200) throw new Error(`${server.name} answered ${answer.status}`);
    if (run > 0) times.push(performance.now() - startedAt);
  }
  return Math.round(median(times) * 100) / 100;
}

function render(run) {
  const rows = run.comparison.targets.map((target, index) => {
    const setup = run.setups[index];
    return [
      setup.label,
      formatInteger(setup.users),
      formatInteger(setup.records),
      setup.aloneMs,
      formatInteger(target.requestsPerSecond),
      target.latencyMs.p50,
      target.latencyMs.p99,
      target.non2xx + target.errors + target.timeouts,
    ];
  });
  const table = renderTable(
    ['setup', 'users', 'daily records', 'alone ms', 'requests/s', 'p50 ms', 'p99 ms', 'non-2xx + errors'],
    rows,
    ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
  const plans = renderTable(
    ['statement', 'plan (1,000 organisations)', 'ms alone'],
    run.plans.map((plan) => [`\`${plan.sql.replaceAll('\n', ' ')}\``, plan.plan, plan.ms]),
  );
  return [
    `**${run.engine}**`,
    '',
    table,
    '',
    `1,000 organisations against 1: requests/s ratio ${run.throughputRatio}, time alone ratio ${run.aloneRatio}; ` +
      `the same cards in both: ${run.sameCards ? 'yes' : '**no**'}.`,
    '',
    plans,
  ].join('\n');
}

function toData(target) {
  const { rounds, ...rest } = target;
  return { ...rest, rounds: rounds.map((round) => round.requestsPerSecond) };
}
