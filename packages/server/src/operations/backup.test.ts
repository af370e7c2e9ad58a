import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTotpCode } from '../services/accounts/totp.js';
import { buildChestScenario, type ChestScenario, SCENARIO_ROLES } from '../test/chest-scenario.js';
import { TEST_AUTH_HASH } from '../test/factories.js';
import {
  callServer,
  createProcessData,
  type ProcessData,
  runScript,
  type ServerProcess,
  startServerProcess,
} from '../test/server-process.js';

const TAG_BYTES = 16;

function sealed(tag: Buffer, bytes: number): string {
  return Buffer.concat([tag, randomBytes(bytes - TAG_BYTES)]).toString('base64');
}

function tagOf(base64: string): string {
  return Buffer.from(base64, 'base64').subarray(0, TAG_BYTES).toString('hex');
}

/** Every secret the session lists, page after page. */
async function listSecrets(server: ServerProcess, token: string): Promise<{ id: string }[]> {
  const items: { id: string }[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await callServer(server, 'GET', `/api/v1/secrets.json?limit=200${query}`, { token });
    expect(page.status).toBe(200);
    const body = page.body as { items: { id: string }[]; next_cursor: string | null };
    items.push(...body.items);
    cursor = body.next_cursor;
  } while (cursor);
  return items;
}

/**
 * Backups (docs/operations.md): `npm run backup` taken while the server saves secrets (SQLite's
 * backup API, or pg_dump), then `npm run restore` into a new place: a server on it lets every user
 * sign in, the one with two-step verification with a code (its seed is sealed by the restored
 * server secrets), and read their secrets; every save acknowledged before the backup began is there.
 */
describe('backup and restore', () => {
  let source: ProcessData;
  let restored: ProcessData;
  let scenario: ChestScenario;
  let backups: string;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    source = await createProcessData(undefined, { ownDatabase: true });
    restored = await createProcessData(undefined, { ownDatabase: true, empty: true });
    backups = await mkdtemp(path.join(tmpdir(), 'coffer-backups-'));
    const handle = await source.open();
    scenario = await buildChestScenario(handle.db);
    await handle.destroy();
  });
  afterAll(async () => {
    await server?.kill();
    await source?.drop();
    await restored?.drop();
    if (backups) await rm(backups, { recursive: true, force: true });
  });

  it('copies a running server and puts the copy back where every user signs in and reads', async () => {
    server = await startServerProcess({ env: source.env });
    const running = server;
    const token = scenario.tokens.writer;

    // Two-step on for the reader: its seed is sealed with DATA_DIR/server-secrets.json.
    const reader = scenario.tokens.reader;
    // SecureConfirm's password proof first: setup needs it (docs/security.md).
    const proof = await callServer(running, 'POST', '/api/v1/users/verify_password.json', {
      token: reader,
      body: { password: TEST_AUTH_HASH },
    });
    expect(proof.body).toEqual({ valid: true });
    const setup = await callServer(running, 'GET', '/api/v1/two-factor-code.json', { token: reader });
    const seed = (setup.body as { key: string }).key;
    const activation = await callServer(running, 'PUT', '/api/v1/two-factor-active.json', {
      token: reader,
      body: { code: generateTotpCode(seed) },
    });
    expect(activation.status).toBe(200);

    const acknowledged = new Map<string, string>(); // id → encrypted_data
    let writing = true;
    const create = async () => {
      const tag = randomBytes(TAG_BYTES);
      const id = randomUUID();
      const body = {
        secret: {
          id,
          revision: 1,
          vault_id: scenario.chest.id,
          name: `Backup ${id.slice(0, 8)}`,
          category: 'password',
          strength: 2,
          encrypted_data: sealed(tag, 64),
          encryption_iv: randomBytes(12).toString('base64'),
          secret_keys_attributes: scenario.readerIds.map((user_id) => ({
            user_id,
            encrypted_value: sealed(tag, 384),
          })),
        },
      };
      const response = await callServer(running, 'POST', '/api/v1/secrets.json', { token, body });
      expect(response.status).toBe(201);
      acknowledged.set(id, body.secret.encrypted_data);
    };
    const writer = async () => {
      while (writing) await create();
    };
    const writers = Promise.all([writer(), writer(), writer()]);
    await new Promise((resolve) => setTimeout(resolve, 500));

    const before = new Map(acknowledged);
    const backup = await runScript('backup.mjs', [backups], source.env);
    writing = false;
    await writers;
    expect(backup.code, backup.output).toBe(0);
    expect(acknowledged.size).toBeGreaterThan(before.size); // writes went on during the backup
    const [folder] = await readdir(backups);
    expect(folder).toBeDefined();
    const copy = path.join(backups, folder ?? '');
    expect((await readdir(copy)).sort()).toEqual(
      [
        'backup.json',
        'server-secrets.json',
        source.dialect === 'sqlite' ? 'coffer.sqlite' : 'coffer.pgdump',
      ].sort(),
    );

    if (source.dialect === 'sqlite') {
      // A restore never overwrites the database of a running server.
      const refused = await runScript('restore.mjs', [copy], source.env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('stop the Coffer server');
    }
    expect(await running.stop()).toBe(0);
    server = null;

    const restore = await runScript('restore.mjs', [copy], restored.env);
    expect(restore.code, restore.output).toBe(0);
    server = await startServerProcess({ env: restored.env });
    const after = server;

    for (const role of SCENARIO_ROLES) {
      const user = scenario.users[role];
      const otp = role === 'reader' ? { otp_attempt: generateTotpCode(seed, Date.now() + 30_000) } : {};
      const signIn = await callServer(after, 'POST', '/users/sign_in.json', {
        body: { user: { email: user.email, password: TEST_AUTH_HASH, ...otp } },
      });
      expect(signIn.status, `${role} signs in`).toBe(201);
      const session = (signIn.headers.get('authorization') ?? '').replace(/^Bearer /, '');
      for (const item of await listSecrets(after, session)) {
        const read = await callServer(after, 'GET', `/api/v1/secrets/${item.id}.json`, { token: session });
        expect(read.status, `${role} reads ${item.id}`).toBe(200);
        const secret = read.body as { encrypted_data: string; secret_key: { encrypted_value: string } };
        if (item.id !== scenario.secret.id) {
          expect(tagOf(secret.secret_key.encrypted_value)).toBe(tagOf(secret.encrypted_data));
        }
      }
    }
    const ids = new Set((await listSecrets(after, token)).map((item) => item.id));
    for (const [id, encryptedData] of before) {
      expect(ids.has(id), id).toBe(true);
      const read = await callServer(after, 'GET', `/api/v1/secrets/${id}.json`, { token });
      expect((read.body as { encrypted_data: string }).encrypted_data).toBe(encryptedData);
    }
  }, 90_000);
});
