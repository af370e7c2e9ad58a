// What backup.mjs and restore.mjs share: the server's settings as it reads them, and SQLite.
import { createRequire } from 'node:module';
import path from 'node:path';

const requireFromServer = createRequire(new URL('../packages/server/package.json', import.meta.url));

/** The database file in DATA_DIR and the server's secrets beside it (packages/server). */
export const SQLITE_FILE = 'coffer.sqlite';
export const SECRETS_FILE = 'server-secrets.json';

/** DATA_DIR and DATABASE_URL as the server reads them (config.ts): ./data and none by default. */
export function resolveSettings(env) {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:/.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return { dataDir: path.resolve(env.DATA_DIR?.trim() || './data'), databaseUrl };
}

/** better-sqlite3, as the server has it. */
export function openSqlite(file, options = {}) {
  const Database = requireFromServer('better-sqlite3');
  return new Database(file, { fileMustExist: true, ...options });
}

/** The migrations recorded in an SQLite database, oldest first. */
export function readMigrations(file) {
  const database = openSqlite(file);
  try {
    return database
      .prepare('select name from kysely_migration order by name')
      .all()
      .map((row) => row.name);
  } finally {
    database.close();
  }
}
