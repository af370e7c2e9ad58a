import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle, type Dialect, quoteIdentifier } from '../db/create-database.js';

/** The dialect this test run targets: COFFER_TEST_DB (set per vitest project), SQLite by default. */
export function testDialect(): Dialect {
  return process.env.COFFER_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

/** A fresh, empty database for one test file, and how to throw it away. */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connections and deletes everything (drops the PostgreSQL schema). */
  drop(): Promise<void>;
}

/**
 * SQLite: a private in-memory database. PostgreSQL: a new schema `t_<random>` on DATABASE_URL,
 * which every pooled connection uses through its search_path, dropped when the run ends.
 */
export async function createTestDatabase(dialect: Dialect = testDialect()): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const handle = await createDatabase({ databaseUrl: null, dataDir: '' }, { sqliteFilename: ':memory:' });
    return { handle, drop: () => handle.destroy() };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('COFFER_TEST_DB=postgres needs DATABASE_URL');
  const schema = testSchemaName();
  await runAdmin(url, `create schema ${quoteIdentifier(schema)}`);
  const handle = await createDatabase({ databaseUrl: url, dataDir: '' }, { postgresSchema: schema });
  // The schema itself is dropped when the run ends (postgres-run-schemas.ts).
  return { handle, drop: () => handle.destroy() };
}

/** A new test schema's name, with this run's prefix so that the run's end drops it. */
export function testSchemaName(): string {
  return `${inject('testSchemaPrefix')}${randomBytes(8).toString('hex')}`;
}

/** One statement on its own connection (creating and dropping schemas or databases). */
export async function runAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
