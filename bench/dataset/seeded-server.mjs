// The real server on the seeded dataset, and signing its benchmark users in through the real API.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { startRealServer } from '../lib/real-server.mjs';
import { loadCredentials } from './credentials.mjs';
import { seedPostgres } from './postgres-dataset.mjs';
import { ensureSqliteDataset } from './sqlite-dataset.mjs';

/**
 * Starts the built server on the seeded data: on SQLite the cached file (built first if missing) is
 * copied into its DATA_DIR before it starts; on PostgreSQL (a throwaway database on
 * BENCH_DATABASE_URL) the server migrates it, then the rows go in with multi-row inserts.
 * Returns { server, manifest, seeding: { built, seconds } }. `env` as for startRealServer.
 */
export async function startSeededServer({ database = 'sqlite', env = {}, log = () => {} } = {}) {
  if (database === 'postgres') {
    const server = await startRealServer({ database, env });
    try {
      const { manifest, seconds } = await seedPostgres(server.databaseUrl, log);
      return { server, manifest, seeding: { built: true, seconds } };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  const dataset = await ensureSqliteDataset(log);
  const server = await startRealServer({
    env,
    prepareDataDir: (dataDir) => copyFileSync(dataset.file, path.join(dataDir, 'coffer.sqlite')),
  });
  return { server, manifest: dataset.manifest, seeding: { built: dataset.built, seconds: dataset.seconds } };
}

/**
 * Signs a benchmark user (a BENCH_USERS key, e.g. 'largeMember') in with POST /users/sign_in.json,
 * as the login screen does with the derived auth hash, and returns the session token.
 */
export async function signInBenchUser(server, userKey) {
  const { users } = await loadCredentials();
  const user = users[userKey];
  const response = await fetch(`${server.url}/users/sign_in.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ user: { email: user.email, password: user.authHash } }),
  });
  await response.arrayBuffer();
  const header = response.headers.get('authorization') ?? '';
  if (response.status !== 201 || !header) {
    throw new Error(`signing ${userKey} in answered ${response.status}`);
  }
  return header.replace(/^Bearer\s+/i, '');
}
