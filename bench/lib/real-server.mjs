// The real Coffer server, exactly as `npm start` runs it (node packages/server/dist/main.js), on a
// free loopback port with a fresh DATA_DIR: SQLite by default, PostgreSQL on request.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { delay, spawnNode, waitForHttp } from './child-process.mjs';
import { registerTempDir } from './cleanup.mjs';
import { findFreePort, LOOPBACK } from './free-port.mjs';
import { readRssBytes } from './memory.mjs';
import { SERVER_MAIN } from './paths.mjs';
import { createThrowawayDatabase } from './postgres-database.mjs';

// Variables of the caller's shell that would change what is measured; the bench sets its own.
const INHERITED_SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'SMTP_URL',
  'PUBLIC_URL',
  'BILLING',
  'REDIS_URL',
  'LOG_LEVEL',
  'WEB_DIST',
  'TRUST_PROXY',
  'SERVER_SECRET_KEY',
  'NODE_ENV',
  'NODE_OPTIONS',
];

/**
 * Starts the built server and waits until GET /healthz answers 200.
 * options.database: 'sqlite' (default, a fresh file in a temporary DATA_DIR) or 'postgres' (a
 * throwaway database on options.databaseUrl, default BENCH_DATABASE_URL). options.env adds or
 * overrides variables (e.g. { LOG_LEVEL: 'warn' }). options.prepareDataDir(dataDir) runs before the
 * server starts (e.g. to copy a seeded coffer.sqlite there). options.attachTo: another server from
 * this function whose DATA_DIR and database this one shares (its stop() leaves them to the other).
 * Returns { name, url, port, pid, dataDir, database, databaseUrl, cpuPids(), logTail(), stop() };
 * databaseUrl (PostgreSQL only) is for the bench's own connections: never print it.
 */
export async function startRealServer(options = {}) {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first (npm run bench does).`);
  }
  const shared = options.attachTo ?? null;
  const database = shared?.database ?? options.database ?? 'sqlite';
  const dataDir = shared?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'coffer-bench-'));
  const forgetDataDir = shared ? () => {} : registerTempDir(dataDir);
  const postgres = !shared && database === 'postgres' ? await createPostgres(options.databaseUrl) : null;
  const databaseUrl = shared?.databaseUrl ?? postgres?.url ?? null;
  await options.prepareDataDir?.(dataDir);
  const port = await findFreePort();
  const env = buildEnv({ port, dataDir, databaseUrl, extra: options.env ?? {} });
  const service = spawnNode({
    name: `Coffer server (${database}) on port ${port}`,
    args: [...startNodeFlags(), SERVER_MAIN],
    env,
    logFile: path.join(dataDir, shared ? `server-${port}.log` : 'server.log'),
  });
  const url = `http://${LOOPBACK}:${port}`;
  const stop = async () => {
    await service.stop();
    if (shared) return;
    await postgres?.drop();
    forgetDataDir();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await waitForHttp(`${url}/healthz`, service);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    name: `Coffer (${database === 'postgres' ? 'PostgreSQL' : 'SQLite'})`,
    url,
    port,
    pid: service.pid,
    dataDir,
    database,
    databaseUrl,
    // Counted as ours by CPU watches: the server and, on PostgreSQL, the backends serving it.
    cpuPids: async () => [service.pid, ...((await postgres?.listBackendPids()) ?? [])],
    logTail: service.logTail,
    stop,
  };
}

/**
 * Idle memory as the goals define it: after start, `settleMs` of quiet and one GET to `path` (with `headers`).
 * Returns { [server.name]: VmRSS bytes } for each of `servers` (any { name, url, pid }).
 */
/**
 * What the servers hold once V8 has given back their start-up memory: V8's memory reducer runs about
 * 8 s after the last full collection of an idle process (start-up ends with one), so a reading
 * `afterMs` after the idle one, with no request in between, shows a server left alone.
 */
export async function measureSettledRss(servers, afterMs = 12_000) {
  await delay(afterMs);
  return Object.fromEntries(servers.map((server) => [server.name, readRssBytes(server.pid)]));
}

export async function measureIdleRss(servers, { path = '/healthz', settleMs = 3_000, headers = {} } = {}) {
  await delay(settleMs);
  for (const server of servers) {
    const response = await fetch(`${server.url}${path}`, { headers });
    await response.arrayBuffer();
  }
  await delay(200);
  return Object.fromEntries(servers.map((server) => [server.name, readRssBytes(server.pid)]));
}

async function createPostgres(databaseUrl = process.env.BENCH_DATABASE_URL) {
  if (!databaseUrl) throw new Error('a PostgreSQL run needs BENCH_DATABASE_URL (postgres://…)');
  return createThrowawayDatabase(databaseUrl);
}

function buildEnv({ port, dataDir, databaseUrl, extra }) {
  const env = { ...process.env };
  for (const name of INHERITED_SERVER_VARIABLES) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://${LOOPBACK}:${port}`,
    // The list benchmarks send thousands of requests a second from one user: the per-user default
    // limit stays on (its cost is measured) but far above them.
    RATE_LIMIT_MEMBER_PER_USER: '999999/1s',
  });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return { ...env, ...extra };
}

/**
 * The node flags of the root `npm start` script (e.g. --max-semi-space-size=2), so the benchmarks
 * measure the server exactly as it is started, from one source of truth.
 */
export function startNodeFlags() {
  const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const command = rootPackage.scripts?.start ?? '';
  const flags =
    command.match(/\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+packages\/server\/dist\/main\.js/)?.[1] ?? '';
  return flags.trim().split(/\s+/).filter(Boolean);
}
