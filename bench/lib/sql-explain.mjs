// How the database runs captured statements, for the report: the plan (SQLite's EXPLAIN QUERY
// PLAN, PostgreSQL's EXPLAIN ANALYZE) and the median time of the statement alone on the driver.
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_PACKAGE_JSON } from './paths.mjs';
import { median } from './stats.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);
const RUNS = 15;

/**
 * For each of `statements` ([{ sql, params }], reads only) on `server`'s database (from
 * startRealServer): { sql, plan (one line), ms (median of 15 runs, after one warm run), rows }.
 */
export async function explainStatements(server, statements) {
  if (server.database === 'postgres') return explainPostgres(server.databaseUrl, statements);
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(path.join(server.dataDir, 'coffer.sqlite'), { readonly: true });
  try {
    return statements.map(({ sql, params }) => {
      const plan = database
        .prepare(`explain query plan ${sql}`)
        .all(params)
        .map((row) => row.detail)
        .join('; ');
      const statement = database.prepare(sql);
      let rows = statement.all(params);
      const times = [];
      for (let run = 0; run < RUNS; run += 1) {
        const startedAt = performance.now();
        rows = statement.all(params);
        times.push(performance.now() - startedAt);
      }
      return { sql, plan, ms: round(median(times)), rows: rows.length };
    });
  } finally {
    database.close();
  }
}

async function explainPostgres(databaseUrl, statements) {
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const results = [];
    for (const { sql, params } of statements) {
      const { rows: planRows } = await client.query(
        `explain (analyze, costs off, timing off) ${sql}`,
        params,
      );
      const lines = planRows.map((row) => String(row['QUERY PLAN']).trim());
      const plan = lines.filter((line) => !/^(Planning|Execution) Time/.test(line)).join('; ');
      let rows = (await client.query(sql, params)).rows;
      const times = [];
      for (let run = 0; run < RUNS; run += 1) {
        const startedAt = performance.now();
        rows = (await client.query(sql, params)).rows;
        times.push(performance.now() - startedAt);
      }
      results.push({ sql, plan, ms: round(median(times)), rows: rows.length });
    }
    return results;
  } finally {
    await client.end();
  }
}

function round(value) {
  return Math.round(value * 100) / 100;
}
