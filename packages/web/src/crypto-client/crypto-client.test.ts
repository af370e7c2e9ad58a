import type { SecretCreate } from '@coffer/core';
import { READERS_CHANGED_MESSAGE, STALE_REVISION_MESSAGE } from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { deletePrivateKey, savePrivateKey } from '../keys/key-store.js';
import { trustCreatedKey } from '../keys/key-trust.js';
import type { FetchCall } from '../test/mock-fetch.js';
import { mockFetch } from '../test/mock-fetch.js';
import { moveEncryptedSecret } from './move-secret.js';
import { openSecretRecord } from './open-secret-record.js';
import { reshareMissingKeys } from './reshare-keys.js';
import { createEncryptedSecret, updateEncryptedSecret } from './save-secret.js';
import { INTEGRITY_ERROR_MESSAGE, SECRET_KEY_NOT_FOUND_MESSAGE } from './secret-access-error.js';
import type { TestUserKeys } from './testing/test-user-keys.js';
import { makeTestUserKeys } from './testing/test-user-keys.js';

let ada: TestUserKeys;
let bob: TestUserKeys;
let carol: TestUserKeys;

beforeAll(async () => {
  [ada, bob, carol] = await Promise.all([
    makeTestUserKeys('u-ada'),
    makeTestUserKeys('u-bob'),
    makeTestUserKeys('u-carol'),
  ]);
  // Ada's browser trusts her colleagues (as if it had made their keys): trust itself is tested in
  // confirm-callback.test.ts and reshare-keys.test.ts.
  await trustCreatedKey('u-bob', bob.publicKey, 'u-ada');
  await trustCreatedKey('u-carol', carol.publicKey, 'u-ada');
}, 60_000);

const payload = {
  username: 'ada',
  password: 'Tr0ub4dor&3-horse',
  url: 'https://example.com',
  note: 'Zürich ☎',
};
const draft = {
  vaultId: 'c-1',
  name: 'Mail',
  category: 'password' as const,
  payload,
  strength: 4,
  formFill: false,
  hidden: false,
};
const readers = (...users: TestUserKeys[]) => ({
  body: { items: users.map((u) => ({ user_id: u.userId, public_key: u.publicKey })) },
});
const bodyOf = (call: FetchCall | undefined) =>
  JSON.parse(String(call?.init.body)) as { secret: SecretCreate };

// What GET /secrets/{id} answers to `user` for a stored create or save body.
function served(secret: SecretCreate & { id: string }, user: TestUserKeys, revision = secret.revision) {
  const key = secret.secret_keys_attributes.find((k) => k.user_id === user.userId);
  return {
    body: {
      ...secret,
      revision,
      vault: { id: secret.vault_id, name: 'Chest' },
      secret_key: key ? { encrypted_value: key.encrypted_value } : null,
      created_at: '',
      updated_at: '',
    },
  };
}

async function createAsAda() {
  await savePrivateKey(ada.privateKey);
  const calls = mockFetch({
    'GET /api/v1/vaults/c-1/public_keys.json': readers(ada, bob),
    'POST /api/v1/secrets.json': (call) => ({ status: 201, body: JSON.parse(String(call.init.body)).secret }),
  });
  await createEncryptedSecret(draft, 'u-ada');
  return bodyOf(calls.find((c) => c.method === 'POST')).secret;
}

describe('creating and reading a secret with the real suite', () => {
  it('seals, wraps for both readers, and opens as the second reader', async () => {
    const stored = await createAsAda();
    expect(stored.revision).toBe(1);
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.secret_keys_attributes.map((k) => k.user_id)).toEqual(['u-ada', 'u-bob']);
    expect(JSON.stringify(stored)).not.toContain('Tr0ub4dor');
    expect(stored).not.toHaveProperty('url');

    await savePrivateKey(bob.privateKey);
    mockFetch({ [`GET /api/v1/secrets/${stored.id}.json`]: served(stored, bob) });
    const opened = await openSecretRecord(stored.id, 'u-bob');
    expect(opened.payload).toEqual(payload);
  }, 30_000);

  it('shows an integrity error, never data, when the ciphertext was tampered with', async () => {
    const stored = await createAsAda();
    const flipped = `${stored.encrypted_data.slice(0, 4)}${stored.encrypted_data[4] === 'A' ? 'B' : 'A'}${stored.encrypted_data.slice(5)}`;
    mockFetch({
      [`GET /api/v1/secrets/${stored.id}.json`]: served({ ...stored, encrypted_data: flipped }, ada),
    });
    await expect(openSecretRecord(stored.id, 'u-ada')).rejects.toMatchObject({
      kind: 'integrity',
      message: INTEGRITY_ERROR_MESSAGE,
    });
  }, 30_000);

  it('reports a wrapped key that does not open once, then gives the reshare text', async () => {
    const stored = await createAsAda();
    await savePrivateKey(bob.privateKey);
    const adaKey = stored.secret_keys_attributes[0]!;
    // Bob's key is Ada's, relabelled: it cannot open for him.
    const swapped = { ...stored, secret_keys_attributes: [{ ...adaKey, user_id: 'u-bob' }] };
    const calls = mockFetch({
      [`GET /api/v1/secrets/${stored.id}.json`]: served(swapped, bob),
      'GET /api/v1/profile.json': { body: { id: 'u-bob', public_key: bob.publicKey } },
      [`POST /api/v1/secret_keys/${stored.id}/broken.json`]: { status: 204 },
    });
    const notFound = { kind: 'not-found', message: SECRET_KEY_NOT_FOUND_MESSAGE };
    await Promise.all([
      expect(openSecretRecord(stored.id, 'u-bob')).rejects.toMatchObject(notFound),
      expect(openSecretRecord(stored.id, 'u-bob')).rejects.toMatchObject(notFound),
    ]);
    await expect(openSecretRecord(stored.id, 'u-bob')).rejects.toMatchObject(notFound);
    const reports = calls.filter((c) => c.method === 'POST');
    expect(reports.map((c) => c.path)).toEqual([`/api/v1/secret_keys/${stored.id}/broken.json`]);
    expect(reports[0]?.init.body ?? null).toBeNull();
  }, 30_000);

  it('reports nothing when the private key here is not the account’s own, and shows the integrity error', async () => {
    const stored = await createAsAda();
    await savePrivateKey(bob.privateKey);
    // The server says the account's key is Carol's: Bob's unlocked key is stale, every key would fail.
    const calls = mockFetch({
      [`GET /api/v1/secrets/${stored.id}.json`]: served(stored, ada),
      'GET /api/v1/profile.json': { body: { id: 'u-bob', public_key: carol.publicKey } },
      [`POST /api/v1/secret_keys/${stored.id}/broken.json`]: { status: 204 },
    });
    await expect(openSecretRecord(stored.id, 'u-bob')).rejects.toMatchObject({
      kind: 'integrity',
      message: INTEGRITY_ERROR_MESSAGE,
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 30_000);

  it('shows the integrity error when the report fails, and reports again on the next open', async () => {
    const stored = await createAsAda();
    await savePrivateKey(bob.privateKey);
    const swapped = {
      ...stored,
      secret_keys_attributes: [{ ...stored.secret_keys_attributes[0]!, user_id: 'u-bob' }],
    };
    let answer = 500;
    const calls = mockFetch({
      [`GET /api/v1/secrets/${stored.id}.json`]: served(swapped, bob),
      'GET /api/v1/profile.json': { body: { id: 'u-bob', public_key: bob.publicKey } },
      [`POST /api/v1/secret_keys/${stored.id}/broken.json`]: () => ({ status: answer }),
    });
    await expect(openSecretRecord(stored.id, 'u-bob')).rejects.toMatchObject({ kind: 'integrity' });
    answer = 204;
    await expect(openSecretRecord(stored.id, 'u-bob')).rejects.toMatchObject({ kind: 'not-found' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  }, 30_000);

  it("gives the spec's reshare text when the server answers Not found", async () => {
    await savePrivateKey(ada.privateKey);
    mockFetch({ 'GET /api/v1/secrets/s-404.json': { status: 404, body: { error: 'Not found' } } });
    await expect(openSecretRecord('s-404', 'u-ada')).rejects.toMatchObject({
      kind: 'not-found',
      message: SECRET_KEY_NOT_FOUND_MESSAGE,
    });
  });

  it('says so when no private key is unlocked in this browser', async () => {
    await deletePrivateKey();
    mockFetch({});
    await expect(openSecretRecord('s-1', 'u-ada')).rejects.toMatchObject({ kind: 'no-private-key' });
  });
});

describe('saving an edit', () => {
  it('seals revision + 1 for the readers, and refuses revision 1 once revision 2 was seen', async () => {
    const stored = await createAsAda();
    const calls = mockFetch({
      [`GET /api/v1/secrets/${stored.id}.json`]: served(stored, ada),
      'GET /api/v1/vaults/c-1/public_keys.json': readers(ada, bob),
      [`PUT /api/v1/secrets/${stored.id}.json`]: (call) => ({
        body: JSON.parse(String(call.init.body)).secret,
      }),
    });
    const changed = { ...payload, password: 'n3w-Password!!' };
    await updateEncryptedSecret({ id: stored.id, baseRevision: 1 }, { ...draft, payload: changed }, 'u-ada');
    const saved = { ...bodyOf(calls.find((c) => c.method === 'PUT')).secret, id: stored.id };
    expect(saved.revision).toBe(2);
    expect(saved.secret_keys_attributes.map((k) => k.user_id)).toEqual(['u-ada', 'u-bob']);

    await savePrivateKey(bob.privateKey);
    mockFetch({ [`GET /api/v1/secrets/${stored.id}.json`]: served(saved, bob) });
    expect((await openSecretRecord(stored.id, 'u-bob')).payload).toEqual(changed);

    // A replay of revision 1 is authentic, but older than what Bob saw: refused, not shown.
    mockFetch({ [`GET /api/v1/secrets/${stored.id}.json`]: served(stored, bob) });
    await expect(openSecretRecord(stored.id, 'u-bob')).rejects.toMatchObject({ kind: 'rollback' });
  }, 30_000);

  it('refuses to overwrite a revision saved by someone else meanwhile', async () => {
    const stored = await createAsAda();
    const calls = mockFetch({ [`GET /api/v1/secrets/${stored.id}.json`]: served(stored, ada, 3) });
    await expect(
      updateEncryptedSecret({ id: stored.id, baseRevision: 1 }, draft, 'u-ada'),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  }, 30_000);

  it('refetches the public keys and retries once when the server answers 409', async () => {
    const stored = await createAsAda();
    let puts = 0;
    let keyFetches = 0;
    const calls = mockFetch({
      [`GET /api/v1/secrets/${stored.id}.json`]: served(stored, ada),
      'GET /api/v1/vaults/c-1/public_keys.json': () => {
        keyFetches += 1;
        return keyFetches === 1 ? readers(ada, bob) : readers(ada, bob, carol);
      },
      [`PUT /api/v1/secrets/${stored.id}.json`]: (call) => {
        puts += 1;
        return puts === 1
          ? { status: 409, body: { error: READERS_CHANGED_MESSAGE } }
          : { body: bodyOf(call).secret };
      },
    });
    await updateEncryptedSecret({ id: stored.id, baseRevision: 1 }, draft, 'u-ada');
    const last = bodyOf(calls.filter((c) => c.method === 'PUT').at(-1)).secret;
    expect(last.secret_keys_attributes.map((k) => k.user_id)).toEqual(['u-ada', 'u-bob', 'u-carol']);
    expect(last.revision).toBe(2);
  }, 30_000);

  it('does not retry a stale revision, and shows the server’s text', async () => {
    const stored = await createAsAda();
    const calls = mockFetch({
      [`GET /api/v1/secrets/${stored.id}.json`]: served(stored, ada),
      'GET /api/v1/vaults/c-1/public_keys.json': readers(ada, bob),
      [`PUT /api/v1/secrets/${stored.id}.json`]: { status: 409, body: { error: STALE_REVISION_MESSAGE } },
    });
    await expect(
      updateEncryptedSecret({ id: stored.id, baseRevision: 1 }, draft, 'u-ada'),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: STALE_REVISION_MESSAGE,
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  }, 30_000);
});

describe('moving and resharing', () => {
  it('moves as a save: revision + 1 in the new chest, for its readers only', async () => {
    const stored = await createAsAda();
    const calls = mockFetch({
      [`GET /api/v1/secrets/${stored.id}.json`]: served(stored, ada),
      'GET /api/v1/vaults/c-2/public_keys.json': readers(ada, carol),
      [`PUT /api/v1/secrets/${stored.id}.json`]: (call) => ({ body: bodyOf(call).secret }),
    });
    expect(await moveEncryptedSecret(stored.id, 'c-2', 'u-ada')).toEqual({ id: stored.id, revision: 2 });
    const moved = { ...bodyOf(calls.find((c) => c.method === 'PUT')).secret, id: stored.id };
    expect(moved).toMatchObject({ vault_id: 'c-2', revision: 2, name: 'Mail', strength: 4, hidden: false });
    expect(moved.secret_keys_attributes.map((k) => k.user_id)).toEqual(['u-ada', 'u-carol']);

    await savePrivateKey(carol.privateKey);
    mockFetch({ [`GET /api/v1/secrets/${stored.id}.json`]: served(moved, carol) });
    expect((await openSecretRecord(stored.id, 'u-carol')).payload).toEqual(payload);
  }, 30_000);

  it('rewraps missing keys for a newcomer, who can then open the secret', async () => {
    const stored = await createAsAda();
    const adaKey = stored.secret_keys_attributes.find((k) => k.user_id === 'u-ada')!;
    const calls = mockFetch({
      'GET /api/v1/secret_keys/reshare_all.json': {
        body: {
          keyshare: [
            {
              secret_id: stored.id,
              user_id: 'u-carol',
              public_key: carol.publicKey,
              encrypted_value: adaKey.encrypted_value,
            },
            {
              secret_id: 'other',
              user_id: 'u-carol',
              public_key: carol.publicKey,
              encrypted_value: adaKey.encrypted_value,
            },
          ],
          total: 2,
        },
      },
      'POST /api/v1/secret_keys/reshare.json': (call) => ({
        body: { count: JSON.parse(String(call.init.body)).key_reshare_handler.secret_keys_attributes.length },
      }),
    });
    const result = await reshareMissingKeys('u-ada');
    // The second pair claims another secret id: its label does not match, so it is skipped.
    expect(result).toMatchObject({ missing: 2, shared: 1, failed: 1, waiting: 0, untrusted: [] });
    const sent = JSON.parse(String(calls.find((c) => c.method === 'POST')?.init.body));
    const share = sent.key_reshare_handler.secret_keys_attributes[0];
    expect(share).toMatchObject({ user_id: 'u-carol', secret_id: stored.id, version: 1 });

    await savePrivateKey(carol.privateKey);
    const forCarol = {
      ...stored,
      secret_keys_attributes: [{ user_id: 'u-carol', encrypted_value: share.encrypted_value }],
    };
    mockFetch({ [`GET /api/v1/secrets/${stored.id}.json`]: served(forCarol, carol) });
    expect((await openSecretRecord(stored.id, 'u-carol')).payload).toEqual(payload);
  }, 30_000);
});
