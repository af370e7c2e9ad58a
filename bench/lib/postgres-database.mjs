// A throwaway PostgreSQL database per benchmark run, so the server migrates a fresh schema and
// nothing of other engineers' databases is touched. Never prints the URL (it may hold a password).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { registerCleanup } from './cleanup.mjs';
import { SERVER_PACKAGE_JSON } from './paths.mjs';

const requireFromServer = createRequire(SERVER_PACKAGE_JSON);

/**
 * Creates `coffer_bench_<random>` on the server named by `adminUrl` and returns
 * { url, name, listBackendPids(), drop() }; `url` is `adminUrl` pointed at the new database;
 * listBackendPids() names the PostgreSQL processes serving it (their CPU time is ours).
 */
export async function createThrowawayDatabase(adminUrl) {
  const name = `coffer_bench_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let monitor = null;
  const listBackendPids = async () => {
    monitor ??= connect(adminUrl);
    const client = await monitor;
    // The database's backends, and the server's own background processes (WAL writer,
    // checkpointer): they write what the benchmark's requests committed.
    const result = await client.query(
      'select pid from pg_stat_activity where datname = $1 or (datname is null and backend_type not in ($2, $3))',
      [name, 'client backend', 'walsender'],
    );
    return result.rows.map((row) => Number(row.pid));
  };
  const drop = async () => {
    unregister();
    if (monitor) await (await monitor).end().catch(() => {});
    await runAdminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
  // On a hard exit there is no time for a network round trip; the name says what to drop by hand.
  const unregister = registerCleanup({
    name: `PostgreSQL database ${name}`,
    stop: drop,
    kill: () => console.error(`bench: drop the PostgreSQL database ${name} by hand`),
  });
  return { url: url.toString(), name, listBackendPids, drop };
}

async function connect(adminUrl) {
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  return client;
}

async function runAdminQuery(adminUrl, statement) {
  let client = null;
  try {
    client = await connect(adminUrl);
    await client.query(statement);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`PostgreSQL (BENCH_DATABASE_URL) refused "${statement}": ${reason}`);
  } finally {
    await client?.end().catch(() => {});
  }
}
