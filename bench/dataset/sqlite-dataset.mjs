// The seeded SQLite database, cached in bench/.cache: migrated by the server's own migrations, then
// filled with better-sqlite3 (the server's copy) in one transaction of prepared inserts, then its
// missing keys recorded by the server's rebuildMissingKeys. Rebuilt only when DATASET_VERSION, the
// server's list of migrations or BENCH_SECRETS changes.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CACHE_DIR, SERVER_PACKAGE_JSON } from '../lib/paths.mjs';
import { loadCredentials } from './credentials.mjs';
import { DATASET_VERSION, LARGE_SECRETS } from './dataset-plan.mjs';
import { buildDatasetRows } from './dataset-rows.mjs';
import { recordMissingKeys } from './missing-keys.mjs';
import { importServer } from './server-code.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);
// Tables whose secondary indexes are dropped during the inserts and made again afterwards.
const INDEXED_LATER = ['secrets', 'secret_keys'];

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
  const since = (from) => Math.round((performance.now() - from) / 100) / 10;
  log(`  seeding ${path.basename(file)} (cached for later runs)`);
  mkdirSync(CACHE_DIR, { recursive: true });
  const temporary = path.join(CACHE_DIR, `${stem}.${process.pid}.tmp.sqlite`);
  try {
    await migrate(temporary);
    const credentials = await loadCredentials();
    const { tables, manifest } = await buildDatasetRows(credentials);
    const rowsReady = performance.now();
    const written = writeTables(temporary, tables);
    const rebuildSeconds = await recordMissingKeys({ sqliteFile: temporary }, manifest);
    checkpoint(temporary);
    const build = {
      seconds: since(startedAt),
      rowsSeconds: Math.round((rowsReady - startedAt) / 100) / 10,
      insertSeconds: written.insertSeconds,
      indexSeconds: written.indexSeconds,
      missingKeysSeconds: rebuildSeconds,
      bytes: statSync(temporary).size,
    };
    log(
      `  seeded ${tables.secrets.length} secrets, ${manifest.keys} keys (${manifest.missingKeys} missing) in ` +
        `${build.seconds} s (inserts ${build.insertSeconds} s, indexes ${build.indexSeconds} s, missing keys ` +
        `${build.missingKeysSeconds} s), ${Math.round(build.bytes / 1e6)} MB`,
    );
    renameSync(temporary, file);
    const full = { ...manifest, migrations, build };
    writeFileSync(manifestFile, `${JSON.stringify(full, null, 2)}\n`);
    removeStaleDatasets(stem);
    return { file, manifest: full, built: true, seconds: build.seconds };
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${temporary}${suffix}`, { force: true });
  }
}

/**
 * Inserts every table's rows (arrays, or iterables with a length) into an open better-sqlite3
 * database, in one transaction.
 */
export function insertTablesSqlite(database, tables) {
  database.transaction(() => {
    for (const [table, rows] of Object.entries(tables)) {
      if (rows.length === 0) continue;
      let statement = null;
      let columns = [];
      for (const row of rows) {
        if (!statement) {
          columns = Object.keys(row);
          statement = database.prepare(
            `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
          );
        }
        statement.run(columns.map((column) => toSqliteValue(row[column])));
      }
    }
  })();
}

// The big tables' secondary indexes are dropped and made again from their own CREATE statements
// (as the migrations wrote them): building an index once is about five times faster than keeping
// it up to date over random-id inserts. The page cache holds the tables being written (the default
// 2 MB would send every random insert into the unique (secret, user) index to the disk), and no
// journal: a build that fails is thrown away, and through the WAL every page would be written twice.
function writeTables(file, tables) {
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(file);
  try {
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = OFF');
    database.pragma('journal_mode = OFF');
    database.pragma('cache_size = -2000000');
    const indexes = database
      .prepare(
        `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${INDEXED_LATER.map(() => '?').join(', ')})`,
      )
      .all(...INDEXED_LATER);
    for (const index of indexes) database.exec(`drop index ${index.name}`);
    const startedAt = performance.now();
    insertTablesSqlite(database, tables);
    const insertedAt = performance.now();
    for (const index of indexes) database.exec(index.sql);
    return {
      insertSeconds: Math.round((insertedAt - startedAt) / 100) / 10,
      indexSeconds: Math.round((performance.now() - insertedAt) / 100) / 10,
    };
  } finally {
    database.close();
  }
}

// Everything in the main file, so a copy of it alone is the whole database.
function checkpoint(file) {
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(file);
  try {
    database.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
}

// Files of the same size made for another version or other migrations: 1.7 GB each at 100,000
// secrets, and no run reads them again (a copy already taken by a running server stays whole).
function removeStaleDatasets(stem) {
  const sameSize = new RegExp(`^dataset-v\\d+-${LARGE_SECRETS}-[0-9a-f]+\\.(sqlite|json)$`);
  for (const name of readdirSync(CACHE_DIR)) {
    if (sameSize.test(name) && !name.startsWith(`${stem}.`))
      rmSync(path.join(CACHE_DIR, name), { force: true });
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

function toSqliteValue(value) {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value ?? null;
}

function hashOf(text) {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}
