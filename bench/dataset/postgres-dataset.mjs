// Seeding a PostgreSQL database the server has just migrated: the same rows as the SQLite cache,
// each table sent as column arrays through `insert … select * from unnest(…)`, 10,000 rows a
// statement, in one transaction, the big tables' secondary indexes (and the key constraints nothing
// refers to) dropped first and made again from their own definitions; then VACUUM ANALYZE and the
// server's rebuildMissingKeys. Not cached: a throwaway database lives for one benchmark.
import { createRequire } from 'node:module';
import { SERVER_PACKAGE_JSON } from '../lib/paths.mjs';
import { loadCredentials } from './credentials.mjs';
import { buildDatasetRows } from './dataset-rows.mjs';
import { recordMissingKeys } from './missing-keys.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);
const ROWS_PER_STATEMENT = 10_000;
const INDEXED_LATER = ['secrets', 'secret_keys'];

/** Fills the database at `databaseUrl` (never printed); returns { manifest, seconds }. */
export async function seedPostgres(databaseUrl, log = () => {}) {
  const startedAt = performance.now();
  const since = (from) => Math.round((performance.now() - from) / 100) / 10;
  const { tables, manifest } = await buildDatasetRows(await loadCredentials());
  const build = { rowsSeconds: since(startedAt) };
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query("set local maintenance_work_mem = '512MB'");
    await skipForeignKeyChecks(client);
    const indexes = await readSecondaryIndexes(client, INDEXED_LATER);
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    const constraints = await readKeyConstraints(client, INDEXED_LATER);
    for (const constraint of constraints) {
      await client.query(`alter table ${constraint.table} drop constraint ${constraint.name}`);
    }
    const insertsFrom = performance.now();
    for (const [table, rows] of Object.entries(tables)) {
      if (rows.length === 0) continue;
      const types = await readColumnTypes(client, table);
      for (const chunk of chunksOf(rows, ROWS_PER_STATEMENT)) {
        const columns = Object.keys(chunk[0]);
        const casts = columns.map((column, index) => `$${index + 1}::${types.get(column)}[]`);
        await client.query(
          `insert into ${table} (${columns.join(', ')}) select * from unnest(${casts.join(', ')})`,
          columns.map((column) => chunk.map((row) => row[column] ?? null)),
        );
      }
    }
    build.insertSeconds = since(insertsFrom);
    const indexesFrom = performance.now();
    for (const index of indexes) await client.query(index.definition);
    for (const constraint of constraints) {
      await client.query(
        `alter table ${constraint.table} add constraint ${constraint.name} ${constraint.definition}`,
      );
    }
    build.indexSeconds = since(indexesFrom);
    const commitFrom = performance.now();
    await client.query('commit');
    build.commitSeconds = since(commitFrom);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    await client.end();
    throw error;
  }
  try {
    // Statistics and a visibility map, as autovacuum leaves them on a database that has lived a
    // while (without the map PostgreSQL cannot answer count(*) from an index alone; without the
    // statistics the missing-key recomputation over a million keys is planned blind: 20 times slower).
    const vacuumFrom = performance.now();
    await client.query('vacuum analyze');
    build.vacuumSeconds = since(vacuumFrom);
    build.missingKeysSeconds = await recordMissingKeys({ databaseUrl }, manifest);
  } finally {
    await client.end();
  }
  const seconds = since(startedAt);
  log(
    `  seeded PostgreSQL: ${tables.secrets.length} secrets, ${manifest.keys} keys ` +
      `(${manifest.missingKeys} missing) in ${seconds} s (rows ${build.rowsSeconds} s, inserts ` +
      `${build.insertSeconds} s, indexes ${build.indexSeconds} s, commit ${build.commitSeconds} s, missing keys ` +
      `${build.missingKeysSeconds} s, vacuum ${build.vacuumSeconds} s)`,
  );
  return { manifest: { ...manifest, build: { seconds, ...build } }, seconds };
}

/** Rows (an array or an iterable) in arrays of at most `size`. */
export function* chunksOf(rows, size) {
  let chunk = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

// A superuser's seeding skips the foreign-key triggers, row by row the most of the inserts' time:
// the rows are those of the SQLite cache, whose inserts check every foreign key.
async function skipForeignKeyChecks(client) {
  const { rows } = await client.query('select rolsuper from pg_roles where rolname = current_user');
  if (rows[0]?.rolsuper) await client.query('set local session_replication_role = replica');
}

// Primary keys and unique constraints no foreign key leans on (secret_keys' own), made again by
// one sort each after the inserts instead of 1.3 million random insertions into each index.
async function readKeyConstraints(client, tables) {
  const { rows } = await client.query(
    `select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname = any($1) and c.contype in ('p', 'u')
        and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)`,
    [tables],
  );
  return rows;
}

// Indexes that no constraint owns (a primary key or unique constraint stays), with their CREATE.
async function readSecondaryIndexes(client, tables) {
  const { rows } = await client.query(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname = any($1)
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    [tables],
  );
  return rows;
}

async function readColumnTypes(client, table) {
  const { rows } = await client.query(
    'select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = $1',
    [table],
  );
  return new Map(rows.map((row) => [row.column_name, row.udt_name]));
}
