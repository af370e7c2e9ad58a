import {
  bytesToBase64,
  generateSecretKey,
  generateUserKeyPair,
  newSecretId,
  openSecret,
  sealSecret,
  unwrapSecretKey,
  wrapSecretKey,
} from '@coffer/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChestScenario, type ChestScenario, callApi } from '../../test/chest-scenario.js';
import { buildMembership, buildUser } from '../../test/factories.js';
import { createLogCapture, createTestContext, type TestContext } from '../../test/test-app.js';

type KeyPair = Awaited<ReturnType<typeof generateUserKeyPair>>;

// Strings that exist only inside encrypted payloads: none may ever appear on the server.
const FIRST_PAYLOAD = {
  username: 'zk-operator-7f3a',
  password: 'Correct-Horse-Battery-Staple-91',
  url: 'https://vault.intranet.example/zk-console',
  note: 'Zürich ☎ Empfang: Tresor im Keller',
};
const SECOND_PAYLOAD = {
  ...FIRST_PAYLOAD,
  password: 'Second-Revision-Passphrase-44',
  note: 'rotated after audit',
};
const PLAINTEXTS = [...Object.values(FIRST_PAYLOAD), ...Object.values(SECOND_PAYLOAD)];

describe('no payload plaintext reaches the server', () => {
  let context: TestContext;
  let scenario: ChestScenario;
  let keys: KeyPair;
  const logs = createLogCapture();
  const secretKey = generateSecretKey();
  const secretId = newSecretId();

  beforeAll(async () => {
    // One RSA key pair for the whole file (generating one takes a while); every user shares it.
    keys = await generateUserKeyPair();
    context = await createTestContext({ logStream: logs });
    scenario = await buildChestScenario(context.db);
    await context.db.updateTable('users').set({ public_key: keys.publicKey }).execute();
  });
  afterAll(async () => {
    await context.close();
  });

  async function wrapFor(userIds: readonly string[]) {
    return Promise.all(
      userIds.map(async (user_id) => ({
        user_id,
        encrypted_value: await wrapSecretKey(secretKey, keys.publicKey, { secretId, userId: user_id }),
      })),
    );
  }

  async function publicKeyIds(): Promise<string[]> {
    const response = await callApi(
      context.app,
      scenario.tokens.writer,
      'GET',
      `/api/v1/vaults/${scenario.chest.id}/public_keys.json`,
    );
    return response.json().items.map((item: { user_id: string }) => item.user_id);
  }

  async function everyTextValue(): Promise<string[]> {
    const values: string[] = [];
    for (const table of await context.db.introspection.getTables()) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(
        context.db,
      );
      for (const row of rows)
        for (const value of Object.values(row)) if (typeof value === 'string') values.push(value);
    }
    return values;
  }

  it('stores, serves and reshares only ciphertext, which the readers can still open', async () => {
    const sealed = await sealSecret({ secretId, revision: 1, payload: FIRST_PAYLOAD, secretKey });
    const created = await callApi(context.app, scenario.tokens.writer, 'POST', '/api/v1/secrets.json', {
      secret: {
        id: secretId,
        revision: 1,
        vault_id: scenario.chest.id,
        name: 'Console',
        category: 'password',
        strength: 5,
        ...sealed,
        secret_keys_attributes: await wrapFor(await publicKeyIds()),
      },
    });
    expect(created.statusCode).toBe(201);

    const resealed = await sealSecret({ secretId, revision: 2, payload: SECOND_PAYLOAD, secretKey });
    const saved = await callApi(
      context.app,
      scenario.tokens.manager,
      'PUT',
      `/api/v1/secrets/${secretId}.json`,
      {
        secret: {
          revision: 2,
          name: 'Console',
          category: 'password',
          strength: 5,
          ...resealed,
          secret_keys_attributes: await wrapFor(await publicKeyIds()),
        },
      },
    );
    expect(saved.statusCode).toBe(200);

    const newcomer = await buildUser(context.db, { organisation_id: scenario.users.owner.organisation_id });
    await context.db
      .updateTable('users')
      .set({ public_key: keys.publicKey })
      .where('id', '=', newcomer.id)
      .execute();
    await buildMembership(context.db, newcomer, scenario.readTeam.id);
    const missing = await callApi(
      context.app,
      scenario.tokens.administrator,
      'GET',
      '/api/v1/secret_keys/reshare_all.json',
    );
    // The scenario's own secret (stand-in ciphertext) is missing for the newcomer too: take ours.
    const pair = missing.json().keyshare.find((entry: { secret_id: string }) => entry.secret_id === secretId);
    const place = { secretId: pair.secret_id, userId: scenario.users.administrator.id };
    const unwrapped = await unwrapSecretKey(pair.encrypted_value, keys.privateKey, place);
    const rewrapped = await wrapSecretKey(unwrapped, pair.public_key, { secretId, userId: newcomer.id });
    const reshared = await callApi(
      context.app,
      scenario.tokens.administrator,
      'POST',
      '/api/v1/secret_keys/reshare.json',
      {
        key_reshare_handler: {
          secret_keys_attributes: [
            { user_id: newcomer.id, secret_id: secretId, version: 1, encrypted_value: rewrapped },
          ],
        },
      },
    );
    expect(reshared.json()).toEqual({ count: 1 });

    const read = await callApi(
      context.app,
      scenario.tokens.reader,
      'GET',
      `/api/v1/secrets/${secretId}.json`,
    );
    const secret = read.json();
    const readerKey = await unwrapSecretKey(secret.secret_key.encrypted_value, keys.privateKey, {
      secretId,
      userId: scenario.users.reader.id,
    });
    expect(await openSecret({ secretId, revision: secret.revision, ...secret }, readerKey)).toEqual(
      SECOND_PAYLOAD,
    );

    const stored = await everyTextValue();
    expect(stored.length).toBeGreaterThan(50);
    const secretKeyText = bytesToBase64(secretKey);
    for (const needle of [...PLAINTEXTS, secretKeyText]) {
      expect(stored.filter((value) => value.includes(needle))).toEqual([]);
      expect(logs.text()).not.toContain(needle);
    }
    // The ciphertext itself is there: the check above looked at the right rows.
    expect(stored).toContain(resealed.encrypted_data);
  });
});
