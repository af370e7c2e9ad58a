// Reads rows straight from a real server's database, for a benchmark's set-up (which users to act
// on) and its checks, never for what it measures. Read-only on SQLite.
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_PACKAGE_JSON } from './paths.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);

/**
 * The rows `sql` answers on `server`'s database (from startRealServer), `?` marking each of `params`
 * (numbered for PostgreSQL here).
 */
export async function readRows(server, sql, params = []) {
  if (server.database === 'postgres') {
    const { Client } = requireFromServer('pg');
    const client = new Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      let index = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++index}`),
          params,
        )
      ).rows;
    } finally {
      await client.end();
    }
  }
  const Database = requireFromServer('better-sqlite3');
  const database = new Database(path.join(server.dataDir, 'coffer.sqlite'), { readonly: true });
  try {
    return database.prepare(sql).all(params);
  } finally {
    database.close();
  }
}
