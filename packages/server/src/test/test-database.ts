import { randomBytes } from 'node:crypto';
import pg from 'pg';
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
 * which every pooled connection uses through its search_path, dropped afterwards.
 */
export async function createTestDatabase(dialect: Dialect = testDialect()): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const handle = await createDatabase({ databaseUrl: null, dataDir: '' }, { sqliteFilename: ':memory:' });
    return { handle, drop: () => handle.destroy() };
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('COFFER_TEST_DB=postgres needs DATABASE_URL');
  const schema = `t_${randomBytes(8).toString('hex')}`;
  await runAdmin(url, `create schema ${quoteIdentifier(schema)}`);
  const handle = await createDatabase({ databaseUrl: url, dataDir: '' }, { postgresSchema: schema });
  return {
    handle,
    drop: async () => {
      await handle.destroy();
      await runAdmin(url, `drop schema if exists ${quoteIdentifier(schema)} cascade`);
    },
  };
}

async function runAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
