import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Dialect } from '../db/create-database.js';
import { migrateToLatest } from '../db/migrator.js';
import type { Database } from '../db/schema.js';
import type { LogStream } from '../http/logger-options.js';
import { generateServerSecrets, type ServerSecrets } from '../server-secrets.js';
import { createTestDatabase, testDialect } from './test-database.js';

/** A built app on a fresh, migrated database of the dialect under test. */
export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  serverSecrets: ServerSecrets;
  /** Closes the app and deletes the database and temporary DATA_DIR. */
  close(): Promise<void>;
}

/** Options of createTestContext. */
export interface TestContextOptions {
  /** Extra environment for loadConfig (e.g. WEB_DIST, PUBLIC_URL, BILLING). */
  env?: Record<string, string | undefined>;
  /** Captures log lines (LOG_LEVEL then defaults to info instead of silent). */
  logStream?: LogStream;
}

/**
 * One per test file (beforeAll / afterAll). Config is loaded as in production from a test
 * environment: NODE_ENV=test, a temporary DATA_DIR, no web app unless WEB_DIST is given, and
 * COFFER_TEST_MIN_KDF_ITERATIONS=1000 so tests may derive keys cheaply. Add test-only routes
 * to `app` before the first inject.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const dialect = testDialect();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'coffer-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-app'),
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    COFFER_TEST_MIN_KDF_ITERATIONS: '1000',
    // No plan limits unless a test asks for a provider (billing tests pass BILLING: 'local').
    BILLING: 'off',
    ...options.env,
    DATABASE_URL: dialect === 'postgres' ? process.env.DATABASE_URL : undefined,
  });
  const database = await createTestDatabase(dialect);
  await migrateToLatest(database.handle.db);
  const serverSecrets = generateServerSecrets();
  const app = await buildApp({
    config,
    database: database.handle,
    serverSecrets,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return {
    app,
    db: database.handle.db,
    dialect,
    config,
    serverSecrets,
    close: async () => {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A log stream that keeps every line, for asserting what was (not) logged. */
export function createLogCapture(): LogStream & { lines: string[]; text(): string } {
  const lines: string[] = [];
  return {
    lines,
    write: (line: string) => void lines.push(line),
    text: () => lines.join(''),
  };
}
