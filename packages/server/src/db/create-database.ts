import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.js';
import { preparingClient } from './postgres-prepared.js';
import type { Database } from './schema.js';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.js';
import { withCheckpointer } from './sqlite-checkpointer.js';
import { attachCountThread, startCountThread } from './sqlite-count-thread.js';
import { enableDirectReads } from './sqlite-direct-reads.js';
import { withStatementCache } from './sqlite-statement-cache.js';

/** The two SQL engines Coffer runs on. */
export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely instance, which engine it is, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

/** Overrides for tests: an SQLite file (or ':memory:') and a PostgreSQL schema to work in. */
export interface DatabaseOptions {
  sqliteFilename?: string;
  postgresSchema?: string;
}

/**
 * The settings the database is opened with (DATABASE_URL, DATA_DIR): the loaded Config has them,
 * and naming them here keeps db/ below config.ts, which reads the rest of the environment.
 */
export interface DatabaseSettings {
  databaseUrl: string | null;
  dataDir: string;
}

const PG_INT8_OID = 20;

/** Opens PostgreSQL when DATABASE_URL is set, otherwise SQLite at DATA_DIR/coffer.sqlite. */
export async function createDatabase(
  config: DatabaseSettings,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options.postgresSchema);
  return openSqlite(options.sqliteFilename ?? path.join(config.dataDir, 'coffer.sqlite'));
}

/** Mode of DATA_DIR when the server creates it: its owner only. */
export const DATA_DIR_MODE = 0o700;
/** Mode of the database file when the server creates it; SQLite gives its -wal and -shm files the same. */
export const DATABASE_FILE_MODE = 0o600;

function openSqlite(filename: string): DatabaseHandle {
  if (filename !== ':memory:') createPrivateFile(filename);
  const database = new SqliteDatabase(filename);
  // Crash safety (docs/operations.md): WAL, and synchronous = FULL so that every commit is on disk
  // (the WAL fsynced) before the server answers it. NORMAL would survive a killed process but may
  // lose the last acknowledged saves to a power cut or kernel crash; FULL costs about 0.2 ms per
  // write transaction here, and reads pay nothing. A transaction commits whole or not at all, so a
  // secret never appears without its keys.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Checkpoints run in a thread of their own (sqlite-checkpointer.ts); an in-memory database has no WAL.
  const checkpointed = filename === ':memory:' ? null : withCheckpointer(database, filename);
  const statements = withStatementCache(checkpointed?.database ?? database);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    plugins: [new SqliteBooleanPlugin()],
  });
  enableDirectReads(db, statements, database);
  // List totals are counted on a connection of their own, off the event loop (sqlite-count-thread.ts).
  const countThread = filename === ':memory:' ? null : startCountThread(filename);
  if (countThread) attachCountThread(db, countThread);
  return {
    db,
    dialect: 'sqlite',
    destroy: async () => {
      await countThread?.close();
      await checkpointed?.checkpointer.close();
      await db.destroy();
      // Kysely closes only a driver that has run a query; close the file in every case.
      if (database.open) database.close();
    },
  };
}

/**
 * Makes the folder (mode 0700) and an empty database file (mode 0600) when they do not exist yet,
 * before SQLite opens it: SQLite would create the file with the process umask (often 0644, readable
 * by every local user) and copies the database file's mode to its -wal and -shm files. Existing
 * files keep the mode their administrator gave them.
 */
function createPrivateFile(filename: string): void {
  mkdirSync(path.dirname(filename), { recursive: true, mode: DATA_DIR_MODE });
  try {
    closeSync(openSync(filename, 'wx', DATABASE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

// pg is loaded only when DATABASE_URL asks for it, so the embedded default does not carry it.
async function openPostgres(connectionString: string, schema: string | undefined): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    Client: preparingClient(pg.Client),
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    ...(schema ? { options: `-c search_path=${quoteIdentifier(schema)}` } : {}),
    // bigint and count(*) come back as numbers, as on SQLite; every bigint we store fits in 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    destroy: async () => {
      await db.destroy();
      // Kysely ends only a pool that has run a query.
      if (!pool.ended) await pool.end();
    },
  };
}

/** Quotes a PostgreSQL identifier made by our own code (test schema names). */
export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('Unsafe SQL identifier');
  return `"${name}"`;
}
