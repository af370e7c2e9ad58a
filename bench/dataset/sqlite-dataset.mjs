// The seeded SQLite database, cached in bench/.cache: migrated by the server's own migrations, then
// filled with better-sqlite3 (the server's copy) in one transaction of prepared inserts. Rebuilt
// only when DATASET_VERSION, the server's list of migrations or BENCH_SECRETS changes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_DIR, SERVER_DIST, SERVER_PACKAGE_JSON } from '../lib/paths.mjs';
import { loadCredentials } from './credentials.mjs';
import { DATASET_VERSION, LARGE_SECRETS } from './dataset-plan.mjs';
import { buildDatasetRows } from './dataset-rows.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);

/**
 * The cached database file and its manifest ({ file, manifest, built: boolean, seconds }), built
 * first if missing. `log` gets progress lines.
 */
export async function ensureSqliteDataset(log = () => {}) {
  const migrations = await listServerMigrations();
  const stem = `dataset-v${DATASET_VERSION}-${LARGE_SECRETS}-${hashOf(migrations.join('\n'))}`;
  const file = path.join(CACHE_DIR, `${stem}.sqlite`);
  const manifestFile = path.join(CACHE_DIR, `${stem}.json`);
  if (existsSync(file) && existsSync(manifestFile)) {
    return { file, manifest: JSON.parse(readFileSync(manifestFile, 'utf8')), built: false, seconds: 0 };
  }
  const startedAt = performance.now();
  log(`  seeding ${path.basename(file)} (cached for later runs)`);
  mkdirSync(CACHE_DIR, { recursive: true });
  const temporary = path.join(CACHE_DIR, `${stem}.${process.pid}.tmp.sqlite`);
  try {
    await migrate(temporary);
    const credentials = await loadCredentials();
    const { tables, manifest } = await buildDatasetRows(credentials);
    const rowsReady = performance.now();
    writeTables(temporary, tables);
    const seconds = Math.round((performance.now() - startedAt) / 100) / 10;
    log(
      `  seeded ${tables.secrets.length} secrets, ${tables.secret_keys.length} keys in ${seconds} s ` +
        `(inserts ${Math.round(performance.now() - rowsReady)} ms)`,
    );
    renameSync(temporary, file);
    writeFileSync(manifestFile, `${JSON.stringify({ ...manifest, migrations }, null, 2)}\n`);
    return { file, manifest: { ...manifest, migrations }, built: true, seconds };
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${temporary}${suffix}`, { force: true });
  }
}

/** Inserts every table's rows into an open better-sqlite3 database, in one transaction. */
export function insertTablesSqlite(database, tables) {
  database.transaction(() => {
    for (const [table, rows] of Object.entries(tables)) {
      if (rows.length === 0) continue;
      const columns = Object.keys(rows[0]);
      const statement = database.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows) statement.run(columns.map((column) => toSqliteValue(row[column])));
    }
  })();
}

// The big tables' secondary indexes are dropped and made again from their own CREATE statements
// (as the migrations wrote them): building an index once is about five times faster than keeping
// it up to date over 100,000 random-id inserts.
function writeTables(file, tables) {
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(file);
  try {
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = OFF');
    const indexes = database
      .prepare(
        "select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in ('secrets', 'secret_keys')",
      )
      .all();
    for (const index of indexes) database.exec(`drop index ${index.name}`);
    insertTablesSqlite(database, tables);
    for (const index of indexes) database.exec(index.sql);
    database.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
}

// The server's own code makes the schema, so the file is what a real deployment would hold.
async function migrate(file) {
  const { createDatabase } = await importServer('db/create-database.js');
  const { migrateToLatest } = await importServer('db/migrator.js');
  const handle = await createDatabase({ databaseUrl: null, dataDir: CACHE_DIR }, { sqliteFilename: file });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }
}

/** The names of the built server's migrations, in order. */
export async function listServerMigrations() {
  const { migrations } = await importServer('db/migrations/index.js');
  return Object.keys(migrations);
}

function importServer(relative) {
  return import(pathToFileURL(path.join(SERVER_DIST, relative)).href);
}

function toSqliteValue(value) {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value ?? null;
}

function hashOf(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}
