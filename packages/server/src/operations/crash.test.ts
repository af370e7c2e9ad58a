import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChestScenario, type ChestScenario } from '../test/chest-scenario.js';
import {
  callServer,
  createProcessData,
  type ProcessData,
  type ServerProcess,
  startServerProcess,
} from '../test/server-process.js';

// Every save carries a tag in its payload and in each of its wrapped keys (the first 16 bytes),
// so a secret whose payload and keys come from different saves is caught.
const TAG_BYTES = 16;
const PAYLOAD_BYTES = 64;
const WRAPPED_KEY_BYTES = 384;
const WORKERS = 6;
const KILLS = 3;

interface SentSave {
  id: string;
  revision: number;
  encryptedData: string;
  writerKey: string;
}

function sealed(tag: Buffer, bytes: number): string {
  return Buffer.concat([tag, randomBytes(bytes - TAG_BYTES)]).toString('base64');
}

function tagOf(base64: string): string {
  return Buffer.from(base64, 'base64').subarray(0, TAG_BYTES).toString('hex');
}

/**
 * Crash safety (docs/operations.md): a server under concurrent saves is killed with SIGKILL at
 * random moments and started again on the same data. Every save it answered with 2xx must read
 * back as sent (or as a later save of the same secret), and no secret may hold keys of another
 * save than its payload's. On SQLite (WAL, synchronous = FULL) and on PostgreSQL.
 */
describe('a server killed while saving', () => {
  let data: ProcessData;
  let scenario: ChestScenario;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    data = await createProcessData();
    const handle = await data.open();
    scenario = await buildChestScenario(handle.db);
    await handle.destroy();
  });
  afterAll(async () => {
    await server?.kill();
    await data?.drop();
  });

  it('loses no acknowledged save and shows no half-written secret', async () => {
    server = await startServerProcess({ env: data.env });
    const port = server.port;
    const token = scenario.tokens.writer;
    const writerId = scenario.users.writer.id;
    const acknowledged = new Map<string, SentSave>(); // the latest 2xx save of each secret
    const sent = new Map<string, Set<string>>(); // every tag sent, per secret and revision
    const known = new Map<string, number>(); // the revision each secret is believed to be at
    let stopped = false;
    let answered = 0;

    const save = async (id: string, revision: number) => {
      const tag = randomBytes(TAG_BYTES);
      const keys = scenario.readerIds.map((user_id) => ({
        user_id,
        encrypted_value: sealed(tag, WRAPPED_KEY_BYTES),
      }));
      const secret = {
        revision,
        vault_id: scenario.chest.id,
        name: `Crash ${id.slice(0, 8)}`,
        category: 'password',
        strength: 3,
        encrypted_data: sealed(tag, PAYLOAD_BYTES),
        encryption_iv: randomBytes(12).toString('base64'),
        secret_keys_attributes: keys,
      };
      const slot = `${id}:${revision}`;
      sent.set(slot, (sent.get(slot) ?? new Set()).add(tag.toString('hex')));
      const target = server;
      if (!target) return;
      const response =
        revision === 1
          ? await callServer(target, 'POST', '/api/v1/secrets.json', {
              token,
              body: { secret: { id, ...secret } },
            })
          : await callServer(target, 'PUT', `/api/v1/secrets/${id}.json`, { token, body: { secret } });
      if (response.status === 200 || response.status === 201) {
        answered += 1;
        const writerKey = keys.find((key) => key.user_id === writerId)?.encrypted_value ?? '';
        const previous = acknowledged.get(id);
        if (!previous || previous.revision < revision) {
          acknowledged.set(id, { id, revision, encryptedData: secret.encrypted_data, writerKey });
        }
        known.set(id, revision);
      } else if (response.status === 409 || response.status === 404) {
        // A save whose answer was lost in a crash may have landed: read where the secret is.
        const current = await callServer(target, 'GET', `/api/v1/secrets/${id}.json`, { token });
        if (current.status === 200) known.set(id, (current.body as { revision: number }).revision);
        else known.delete(id);
      } else {
        throw new Error(`a save answered ${response.status}: ${JSON.stringify(response.body)}`);
      }
    };

    const worker = async () => {
      const own: string[] = [];
      while (!stopped) {
        const existing = own.filter((id) => known.has(id));
        const id =
          existing.length === 0 || randomInt(3) === 0 ? randomUUID() : existing[randomInt(existing.length)];
        if (!id) continue;
        if (!own.includes(id)) own.push(id);
        try {
          await save(id, (known.get(id) ?? 0) + 1);
        } catch (error) {
          if (stopped || !isConnectionError(error)) throw error;
          // The server is down: wait for the next one.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };

    const workers = Array.from({ length: WORKERS }, () => worker());
    const failures: unknown[] = [];
    const running = Promise.all(workers).catch((error: unknown) => failures.push(error));
    for (let kill = 0; kill < KILLS; kill += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300 + randomInt(1_200)));
      await server.kill();
      server = await startServerProcess({ env: data.env, port });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    stopped = true;
    await running;
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(0);

    // Through the API: every acknowledged save reads back as sent, or as a later save of it.
    for (const save of acknowledged.values()) {
      const response = await callServer(server, 'GET', `/api/v1/secrets/${save.id}.json`, { token });
      expect(response.status, save.id).toBe(200);
      const secret = response.body as {
        revision: number;
        encrypted_data: string;
        secret_key: { encrypted_value: string };
      };
      expect(secret.revision, save.id).toBeGreaterThanOrEqual(save.revision);
      if (secret.revision === save.revision) {
        expect(secret.encrypted_data).toBe(save.encryptedData);
        expect(secret.secret_key.encrypted_value).toBe(save.writerKey);
      } else {
        expect(sent.get(`${save.id}:${secret.revision}`)).toContain(tagOf(secret.encrypted_data));
      }
      expect(tagOf(secret.secret_key.encrypted_value)).toBe(tagOf(secret.encrypted_data));
    }
    expect(await server.stop()).toBe(0);
    server = null;

    // In the database: every secret's keys (one per reader) come from the save of its payload.
    const handle = await data.open();
    try {
      const secrets = await handle.db
        .selectFrom('secrets')
        .select(['id', 'revision', 'encrypted_data'])
        .execute();
      const keys = await handle.db
        .selectFrom('secret_keys')
        .select(['secret_id', 'encrypted_value'])
        .execute();
      const crashSecrets = secrets.filter((secret) => secret.id !== scenario.secret.id);
      expect(crashSecrets.length).toBeGreaterThanOrEqual(acknowledged.size);
      for (const secret of crashSecrets) {
        const own = keys.filter((key) => key.secret_id === secret.id);
        expect(own.length, secret.id).toBe(scenario.readerIds.length);
        for (const key of own)
          expect(tagOf(key.encrypted_value), secret.id).toBe(tagOf(secret.encrypted_data));
        expect(sent.get(`${secret.id}:${secret.revision}`), secret.id).toContain(
          tagOf(secret.encrypted_data),
        );
      }
    } finally {
      await handle.destroy();
    }
  }, 90_000);
});

function isConnectionError(error: unknown): boolean {
  // fetch fails with a TypeError whose cause is ECONNRESET, ECONNREFUSED, or "other side closed".
  return error instanceof TypeError;
}
