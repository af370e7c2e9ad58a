import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type DatabaseHandle, type Dialect, quoteIdentifier } from '../db/create-database.js';
import { migrateToLatest } from '../db/migrator.js';
import { runAdmin, testDialect, testSchemaName } from './test-database.js';

/**
 * Tests that need the real thing (a killed process, two servers, a backup taken beside a running
 * server) start the built server, `node packages/server/dist/main.js`, as `npm start` does. The
 * typecheck step of `npm test` builds it first; alone, run `npm run build` (or
 * `npx tsc -b packages/core packages/server`) before these tests.
 */
export const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
/** The repository's root (scripts/backup.mjs and restore.mjs live there). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Fails clearly when the server has not been built. */
export function assertServerBuilt(): void {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` before the process tests`);
  }
}

/**
 * Where a server process keeps its data: a fresh DATA_DIR, and on PostgreSQL a fresh schema of
 * DATABASE_URL that the server reaches through the URL's search_path. `open()` gives the test its
 * own connection (to seed before the server starts, or to check after it stopped).
 */
export interface ProcessData {
  dialect: Dialect;
  dataDir: string;
  /** Variables for the server (DATA_DIR, and DATABASE_URL on PostgreSQL). Never print them. */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

/** Options of createProcessData. */
export interface ProcessDataOptions {
  /**
   * PostgreSQL: a database of its own (`coffer_t_<random>`, dropped afterwards) instead of a
   * schema, for tools that take a whole database (pg_dump, pg_restore).
   */
  ownDatabase?: boolean;
  /** Leave it empty: no migrations (a restore fills it). */
  empty?: boolean;
}

/** Makes the data of a server process, migrated, on the dialect under test. */
export async function createProcessData(
  dialect: Dialect = testDialect(),
  options: ProcessDataOptions = {},
): Promise<ProcessData> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'coffer-process-'));
  const base = process.env.DATABASE_URL;
  let databaseUrl: string | null = null;
  let open = () => createDatabase({ databaseUrl: null, dataDir });
  let dropDatabase = async () => {};
  if (dialect === 'postgres') {
    if (!base) throw new Error('COFFER_TEST_DB=postgres needs DATABASE_URL');
    const url = new URL(base);
    if (options.ownDatabase) {
      const name = `coffer_t_${randomBytes(8).toString('hex')}`;
      await runAdmin(base, `create database ${quoteIdentifier(name)}`);
      url.pathname = `/${name}`;
      const own = url.toString();
      open = () => createDatabase({ databaseUrl: own, dataDir });
      dropDatabase = () => runAdmin(base, `drop database if exists ${quoteIdentifier(name)} with (force)`);
    } else {
      // Dropped when the run ends, with every test schema (postgres-run-schemas.ts).
      const schema = testSchemaName();
      await runAdmin(base, `create schema ${quoteIdentifier(schema)}`);
      url.searchParams.set('options', `-c search_path=${schema}`);
      open = () => createDatabase({ databaseUrl: base, dataDir }, { postgresSchema: schema });
    }
    databaseUrl = url.toString();
  }
  if (!options.empty) {
    const handle = await open();
    await migrateToLatest(handle.db);
    await handle.destroy();
  }
  return {
    dialect,
    dataDir,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    open,
    drop: async () => {
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A running server process. */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s). */
  stop(): Promise<number | string>;
  /** Everything it printed. */
  output(): string;
}

/** Options of startServerProcess. */
export interface ServerProcessOptions {
  /** The server's variables beyond the defaults (DATA_DIR and DATABASE_URL from ProcessData). */
  env: Record<string, string>;
  /** A port to reuse (a restart); a free one otherwise. */
  port?: number;
}

/** Starts the built server on 127.0.0.1 and waits until /healthz answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  assertServerBuilt();
  const port = options.port ?? (await findFreePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // As in createTestContext: these tests make many chests and users; billing tests opt in.
    BILLING: 'off',
    ...options.env,
  };
  const child = spawn(process.execPath, [SERVER_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString('utf8');
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    output: () => printed,
  };
  await waitForHealth(server);
  return server;
}

async function waitForHealth(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it answered:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await server.kill();
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${server.output()}`);
}

/** A port nobody listens on right now, on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** One JSON request to a server process: status, headers and the parsed body (null when none). */
export async function callServer(
  server: { url: string },
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Runs `node scripts/<script>` with the server's variables; answers its exit code and output. */
export function runScript(
  script: 'backup.mjs' | 'restore.mjs',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPOSITORY_ROOT, 'scripts', script), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}
