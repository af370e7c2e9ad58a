import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/create-database.js';
import { migrateToLatest } from '../db/migrator.js';
import { loadServerSecrets } from '../server-secrets.js';

// Finding 7 of the security review (issue 7): what the server creates in DATA_DIR is its owner's
// only. Both projects run it (the SQLite file is made whatever DATABASE_URL the project has).

function modeOf(file: string): number {
  return statSync(file).mode & 0o777;
}

describe('DATA_DIR made by the server', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'coffer-modes-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('makes DATA_DIR 0700 and the SQLite database, WAL and shared memory 0600', async () => {
    const dataDir = path.join(root, 'sqlite', 'data');
    const handle = await createDatabase({ databaseUrl: null, dataDir });
    try {
      await migrateToLatest(handle.db);
      await sql`select count(*) from organisations`.execute(handle.db);
      const file = path.join(dataDir, 'coffer.sqlite');
      expect(modeOf(dataDir).toString(8)).toBe('700');
      expect(modeOf(file).toString(8)).toBe('600');
      for (const companion of [`${file}-wal`, `${file}-shm`]) {
        expect(existsSync(companion), companion).toBe(true);
        expect(modeOf(companion).toString(8), companion).toBe('600');
      }
    } finally {
      await handle.destroy();
    }
  });

  it('makes DATA_DIR 0700 and server-secrets.json 0600 when it starts without SERVER_SECRET_KEY', async () => {
    const dataDir = path.join(root, 'secrets', 'data');
    await loadServerSecrets({ dataDir, serverSecretKey: null });
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(path.join(dataDir, 'server-secrets.json')).toString(8)).toBe('600');
  });
});
