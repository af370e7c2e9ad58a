// The flood benchmark's measurements (flood.mjs): the secrets list under load with no flood and
// during a flood of wrong sign-ins, side by side in alternating rounds on one server, then a burst
// against one account. Everything on 127.0.0.1, bounded in count and time.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadCredentials, signInBenchUser, startSeededServer } from '../../dataset/index.mjs';
import { DEFAULT_LOAD, median, runLoad, startCpuWatch, waitForIdle } from '../../lib/index.mjs';

const FLOOD_CHILD = fileURLToPath(new URL('./flood-child.mjs', import.meta.url));
const LIST_PATH = '/api/v1/secrets.json?limit=20';

/** The sign-in limit per account the server runs with here (its default, set explicitly). */
export const ACCOUNT_LIMIT = 10;

/**
 * The settings of a run: `quick` (the benchmark tests) is about ten seconds on a small dataset;
 * a full run about a minute and a half per engine. BENCH_FLOOD_RATE, BENCH_DURATION, BENCH_ROUNDS,
 * BENCH_CONNECTIONS override.
 */
export function floodSettings({ quick = false } = {}) {
  const fromEnv = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
  return {
    quick,
    floodRate: fromEnv('BENCH_FLOOD_RATE', quick ? 50 : 100),
    floodConnections: 64,
    listConnections: quick ? 10 : DEFAULT_LOAD.connections,
    durationSeconds: quick ? 1 : fromEnv('BENCH_DURATION', 4),
    warmupSeconds: quick ? 1 : 3,
    rounds: quick ? 1 : fromEnv('BENCH_ROUNDS', 5),
    // The flood starts this long before the measured load, so the load sees it at full rate.
    floodLeadSeconds: 1,
    lockRate: 200,
    lockSeconds: quick ? 1 : 3,
  };
}

/**
 * Measures one engine ('sqlite' or 'postgres'). Returns
 * { engine, quiet, flooded (medians: requestsPerSecond, latencyMs, non2xx, errors, rounds),
 *   floods (the flood child's reports), lock: { sent, checks, refused, busy, afterwards }, cpu }.
 */
export async function measureFlood(engine, { log, serverEnv, settings }) {
  const env = {
    ...serverEnv,
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_SIGN_IN_PER_ACCOUNT: `${ACCOUNT_LIMIT}/15m`,
  };
  const { server } = await startSeededServer({ database: engine, env, log });
  try {
    const token = await signInBenchUser(server, 'largeMember');
    const headers = { authorization: `Bearer ${token}` };
    const listUrl = `${server.url}${LIST_PATH}`;
    const load = {
      connections: settings.listConnections,
      durationSeconds: settings.durationSeconds,
      headers,
    };
    const withFlood = async (durationSeconds) => {
      const flood = startFlood(server.url, {
        rate: settings.floodRate,
        connections: settings.floodConnections,
        durationSeconds: settings.floodLeadSeconds + durationSeconds + 1,
      });
      await new Promise((resolve) => setTimeout(resolve, settings.floodLeadSeconds * 1000));
      const round = await runLoad(listUrl, { ...load, durationSeconds });
      return { round, flood: await flood };
    };
    // Both phases once before anything is measured: the sign-in's first requests load Argon2id,
    // time a decoy hash and compile its code and statements, and the list's code is optimised
    // again once the sign-in's has run beside it. Costs of the first seconds after a start, not of
    // a flood, which the first measured round otherwise paid alone.
    log(`  ${engine}: warm-up ${settings.warmupSeconds} s of the list alone, then with the flood`);
    await runLoad(listUrl, { ...load, durationSeconds: settings.warmupSeconds });
    await withFlood(settings.warmupSeconds);
    await waitForIdle(server);

    // The server and, on PostgreSQL, its database's backends are the system under test, not others' load.
    const cpuWatch = startCpuWatch([server.cpuPids]);
    const quiet = [];
    const flooded = [];
    const floods = [];
    for (let round = 0; round < settings.rounds; round += 1) {
      const order = round % 2 === 0 ? ['quiet', 'flood'] : ['flood', 'quiet'];
      for (const phase of order) {
        if (phase === 'quiet') {
          quiet.push(await runLoad(listUrl, load));
        } else {
          const { round: measured, flood } = await withFlood(settings.durationSeconds);
          flooded.push(measured);
          floods.push(flood);
        }
        await waitForIdle(server);
        const last = phase === 'quiet' ? quiet.at(-1) : flooded.at(-1);
        log(`  ${engine} round ${round + 1}/${settings.rounds} ${phase}: ${last?.requestsPerSecond} req/s`);
      }
    }
    const cpu = await cpuWatch.stop();

    log(
      `  ${engine}: ${settings.lockRate} wrong sign-ins/s against one account for ${settings.lockSeconds} s`,
    );
    const { users } = await loadCredentials();
    const target = users.smallAdministrator;
    const burst = await startFlood(server.url, {
      rate: settings.lockRate,
      connections: settings.floodConnections,
      durationSeconds: settings.lockSeconds,
      email: target.email,
    });
    const afterwards = await fetch(`${server.url}/users/sign_in.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.254.0.1' },
      body: JSON.stringify({ user: { email: target.email, password: target.authHash } }),
    });
    await afterwards.arrayBuffer();
    return {
      engine: engine === 'postgres' ? 'PostgreSQL' : 'SQLite',
      quiet: summarise(quiet),
      flooded: summarise(flooded),
      floods,
      lock: {
        sent: burst.answered,
        perSecond: burst.perSecond,
        checks: burst.statuses['401'] ?? 0,
        refused: burst.locked,
        busy: burst.busy,
        other: burst.answered - (burst.statuses['401'] ?? 0) - burst.locked - burst.busy,
        afterwards: afterwards.status,
      },
      cpu,
    };
  } finally {
    await server.stop();
  }
}

function summarise(rounds) {
  const pick = (read) => median(rounds.map(read));
  return {
    requestsPerSecond: Math.round(pick((round) => round.requestsPerSecond)),
    latencyMs: {
      p50: pick((round) => round.latencyMs.p50),
      p99: pick((round) => round.latencyMs.p99),
    },
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors + round.timeouts, 0),
    rounds: rounds.map((round) => round.requestsPerSecond),
  };
}

/** Runs flood-child.mjs and resolves with its report. */
function startFlood(url, { rate, connections, durationSeconds, email = null }) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [FLOOD_CHILD, JSON.stringify({ url, rate, connections, durationSeconds, email })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), (durationSeconds + 30) * 1000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`the flood exited with ${code}`));
      else resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}'));
    });
  });
}
