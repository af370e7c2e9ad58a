import type { SecretCreate } from '@coffer/core';
import {
  generateSecretKey,
  isCryptoError,
  openSecret,
  SAME_CHEST_MESSAGE,
  sealSecret,
  unwrapSecretKey,
  wrapSecretKey,
} from '@coffer/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { trustCreatedKey } from '../keys/key-trust.js';
import type { FetchCall } from '../test/mock-fetch.js';
import { mockFetch } from '../test/mock-fetch.js';
import { moveEncryptedSecret } from './move-secret.js';
import { openSecretRecord } from './open-secret-record.js';
import type { ConfirmPeople } from './people-to-confirm.js';
import { updateEncryptedSecret } from './save-secret.js';
import { signInAsFreshCaller, TEST_DRAFT } from './testing/fresh-caller.js';
import { makeTestUserKeys, type TestUserKeys } from './testing/test-user-keys.js';

// Review §1 R12 and R17, Appendix A PoC 3: every save and every move seals under a key made for it,
// so neither a key the server made up nor a key a former reader kept opens anything saved later.

let me: TestUserKeys;
let bob: TestUserKeys;
let carol: TestUserKeys;

beforeAll(async () => {
  [me, bob, carol] = await Promise.all([
    makeTestUserKeys('u-me'),
    makeTestUserKeys('u-bob'),
    makeTestUserKeys('u-carol'),
  ]);
}, 90_000);

const neverAsked = vi.fn<ConfirmPeople>(async () => {
  throw new Error('the browser asked a human');
});

const putBody = (calls: FetchCall[]) =>
  JSON.parse(String(calls.find((call) => call.method === 'PUT')?.init.body)).secret as SecretCreate;

const keyFor = (body: SecretCreate, userId: string) =>
  body.secret_keys_attributes.find((key) => key.user_id === userId)?.encrypted_value ?? '';

/** A stored secret at `revision` in chest c-1, sealed under `key` wrapped for `readers`, as `caller` fetches it. */
async function storedSecret(
  id: string,
  revision: number,
  key: Uint8Array,
  caller: { id: string; keys: TestUserKeys },
  payload: Record<string, string> = { username: 'root', password: 'before', url: '', note: '' },
) {
  const sealed = await sealSecret({ secretId: id, revision, secretKey: key, payload });
  const wrapped = await wrapSecretKey(key, caller.keys.publicKey, { secretId: id, userId: caller.id });
  return {
    id,
    revision,
    vault_id: 'c-1',
    vault: { id: 'c-1', name: 'Ops' },
    name: 'Production DB',
    category: 'password',
    strength: 3,
    form_fill: false,
    hidden: false,
    ...sealed,
    secret_key: { encrypted_value: wrapped },
    created_at: '',
    updated_at: '',
  };
}

const readerList = (...entries: [string, TestUserKeys][]) => ({
  body: { items: entries.map(([user_id, keys]) => ({ user_id, public_key: keys.publicKey })) },
});

describe('a fresh secret key on every save', () => {
  it('R12 (PoC 3): an edit of a secret whose key the server made up is not readable with that key', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    const id = '0b3f7c2e-5a4d-4c1e-9b7a-2f6d8e9a1c3b';
    const serverKey = generateSecretKey();
    const forged = await storedSecret(
      id,
      7,
      serverKey,
      { id: caller, keys: me },
      {
        username: 'root',
        password: 'attacker-chosen',
        url: '',
        note: 'rotate to this',
      },
    );
    const calls = mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: { body: forged },
      'GET /api/v1/vaults/c-1/public_keys.json': readerList([caller, me]),
      [`PUT /api/v1/secrets/${id}.json`]: { body: forged },
    });
    // Opening still shows the forgery (signed headers are part II, review §5 C) ...
    expect((await openSecretRecord(id, caller)).payload).toMatchObject({ password: 'attacker-chosen' });
    const edit = { username: 'root', password: 'the-real-new-password', url: '', note: '' };
    await updateEncryptedSecret({ id, baseRevision: 7 }, { ...TEST_DRAFT, payload: edit }, caller, {
      confirm: neverAsked,
    });
    // ... but the edit is sealed under a key of the browser's making, which the server's key does not open.
    const put = putBody(calls);
    expect(put.revision).toBe(8);
    const underServerKey = openSecret({ ...put, secretId: id, revision: 8 }, serverKey);
    await expect(underServerKey).rejects.toSatisfy(isCryptoError);
    const freshKey = await unwrapSecretKey(keyFor(put, caller), me.privateKey, {
      secretId: id,
      userId: caller,
    });
    expect(freshKey).not.toEqual(serverKey);
    expect(await openSecret({ ...put, secretId: id, revision: 8 }, freshKey)).toMatchObject(edit);
    expect(neverAsked).not.toHaveBeenCalled();
  }, 60_000);

  it('R17: a reader removed from the chest keeps the old key, and it opens no later revision', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    await trustCreatedKey('u-bob', bob.publicKey, caller);
    const id = '2d5f9e4a-7c6f-4e3a-9d9c-4b8fa01c3e5d';
    const oldKey = generateSecretKey(); // Bob read revision 1 with it, then left the chest
    const calls = mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: {
        body: await storedSecret(id, 1, oldKey, { id: caller, keys: me }),
      },
      'GET /api/v1/vaults/c-1/public_keys.json': readerList([caller, me]),
      [`PUT /api/v1/secrets/${id}.json`]: (call) => ({ body: JSON.parse(String(call.init.body)).secret }),
    });
    await updateEncryptedSecret({ id, baseRevision: 1 }, TEST_DRAFT, caller, { confirm: neverAsked });
    const put = putBody(calls);
    expect(put.secret_keys_attributes.map((key) => key.user_id)).toEqual([caller]);
    await expect(openSecret({ ...put, secretId: id, revision: 2 }, oldKey)).rejects.toSatisfy(isCryptoError);
  }, 60_000);

  it('makes a new key for each of two saves in a row', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    const id = '3e6a0f5b-8d7a-4f4b-8eae-5c9ab12d4f6e';
    let stored: Record<string, unknown> = await storedSecret(id, 1, generateSecretKey(), {
      id: caller,
      keys: me,
    });
    const keys: Uint8Array[] = [];
    mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: () => ({ body: stored }),
      'GET /api/v1/vaults/c-1/public_keys.json': readerList([caller, me]),
      [`PUT /api/v1/secrets/${id}.json`]: async (call) => {
        const body = JSON.parse(String(call.init.body)).secret as SecretCreate;
        keys.push(
          await unwrapSecretKey(keyFor(body, caller), me.privateKey, { secretId: id, userId: caller }),
        );
        stored = { ...stored, ...body, secret_key: { encrypted_value: keyFor(body, caller) } };
        return { body: stored };
      },
    });
    await updateEncryptedSecret({ id, baseRevision: 1 }, TEST_DRAFT, caller);
    await updateEncryptedSecret({ id, baseRevision: 2 }, TEST_DRAFT, caller);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toEqual(keys[1]);
  }, 60_000);
});

describe('a move is a save into the new chest', () => {
  it('seals the same payload at revision + 1 under a fresh key, for the new chest’s readers only', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    await trustCreatedKey('u-bob', bob.publicKey, caller);
    await trustCreatedKey('u-carol', carol.publicKey, caller);
    const id = '4f7b1a6c-9e8b-4a5c-9fbf-6dabc23e5a7f';
    const oldKey = generateSecretKey(); // Bob, a reader of c-1 only, holds it
    const before = { username: 'root', password: 'before', url: '', note: '' };
    const calls = mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: {
        body: await storedSecret(id, 4, oldKey, { id: caller, keys: me }),
      },
      'GET /api/v1/vaults/c-2/public_keys.json': readerList([caller, me], ['u-carol', carol]),
      [`PUT /api/v1/secrets/${id}.json`]: (call) => ({ body: JSON.parse(String(call.init.body)).secret }),
    });
    expect(await moveEncryptedSecret(id, 'c-2', caller, { confirm: neverAsked })).toEqual({
      id,
      revision: 5,
    });

    const put = putBody(calls);
    expect(calls.map((call) => `${call.method} ${call.path.split('?')[0]}`)).toEqual([
      `GET /api/v1/secrets/${id}.json`,
      'GET /api/v1/vaults/c-2/public_keys.json',
      `PUT /api/v1/secrets/${id}.json`,
    ]);
    expect(put).toMatchObject({
      vault_id: 'c-2',
      revision: 5,
      name: 'Production DB',
      strength: 3,
      hidden: false,
    });
    expect(put.secret_keys_attributes.map((key) => key.user_id)).toEqual([caller, 'u-carol']);
    const sealed = { ...put, secretId: id, revision: 5 };
    await expect(openSecret(sealed, oldKey)).rejects.toSatisfy(isCryptoError);
    const forCarol = await unwrapSecretKey(keyFor(put, 'u-carol'), carol.privateKey, {
      secretId: id,
      userId: 'u-carol',
    });
    expect(await openSecret(sealed, forCarol)).toEqual(before);
  }, 60_000);

  it('refuses a move into the chest the secret is in, sending nothing', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    const id = '5a8c2b7d-0f9c-4b6d-8a0a-7ebcd34f6b8a';
    const calls = mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: {
        body: await storedSecret(id, 1, generateSecretKey(), { id: caller, keys: me }),
      },
    });
    await expect(moveEncryptedSecret(id, 'c-1', caller)).rejects.toMatchObject({
      message: SAME_CHEST_MESSAGE,
    });
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  }, 30_000);

  it('refuses to carry an older revision than one already seen into the new chest', async () => {
    const caller = await signInAsFreshCaller(me.privateKey, 'u-me');
    const id = '6b9d3c8e-1a0d-4c7e-9b1b-8fcde45a7c9b';
    const key = generateSecretKey();
    mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: { body: await storedSecret(id, 6, key, { id: caller, keys: me }) },
    });
    await openSecretRecord(id, caller);
    const calls = mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: { body: await storedSecret(id, 2, key, { id: caller, keys: me }) },
    });
    await expect(moveEncryptedSecret(id, 'c-2', caller)).rejects.toMatchObject({ kind: 'rollback' });
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  }, 30_000);
});
