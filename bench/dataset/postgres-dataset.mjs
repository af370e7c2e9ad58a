// Seeding a PostgreSQL database the server has just migrated: the same rows as the SQLite cache,
// each table sent as column arrays through `insert … select * from unnest(…)`, 10,000 rows a
// statement, in one transaction. Not cached: a throwaway database lives for one benchmark.
import { createRequire } from 'node:module';
import { SERVER_PACKAGE_JSON } from '../lib/paths.mjs';
import { loadCredentials } from './credentials.mjs';
import { buildDatasetRows } from './dataset-rows.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);
const ROWS_PER_STATEMENT = 10_000;

/** Fills the database at `databaseUrl` (never printed); returns { manifest, seconds }. */
export async function seedPostgres(databaseUrl, log = () => {}) {
  const startedAt = performance.now();
  const { tables, manifest } = await buildDatasetRows(await loadCredentials());
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    for (const [table, rows] of Object.entries(tables)) {
      if (rows.length === 0) continue;
      const types = await readColumnTypes(client, table);
      const columns = Object.keys(rows[0]);
      const casts = columns.map((column, index) => `$${index + 1}::${types.get(column)}[]`);
      const statement = `insert into ${table} (${columns.join(', ')}) select * from unnest(${casts.join(', ')})`;
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
        await client.query(
          statement,
          columns.map((column) => chunk.map((row) => row[column] ?? null)),
        );
      }
    }
    await client.query('commit');
    // Statistics and a visibility map, as autovacuum leaves them on a database that has lived a
    // while (without the map PostgreSQL cannot answer count(*) from an index alone).
    await client.query('vacuum analyze');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  const seconds = Math.round((performance.now() - startedAt) / 100) / 10;
  log(
    `  seeded PostgreSQL: ${tables.secrets.length} secrets, ${tables.secret_keys.length} keys in ${seconds} s`,
  );
  return { manifest, seconds };
}

async function readColumnTypes(client, table) {
  const { rows } = await client.query(
    'select column_name, udt_name from information_schema.columns where table_schema = current_schema() and table_name = $1',
    [table],
  );
  return new Map(rows.map((row) => [row.column_name, row.udt_name]));
}
