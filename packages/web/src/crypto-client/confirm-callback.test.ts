import { publicKeyFingerprint, unwrapSecretKey } from '@coffer/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPin } from '../keys/key-pins.js';
import { loadTrust, trustConfirmedKey, trustCreatedKey } from '../keys/key-trust.js';
import { modalStore } from '../lib/modal-store.js';
import type { FetchCall } from '../test/mock-fetch.js';
import { mockFetch } from '../test/mock-fetch.js';
import { moveEncryptedSecret } from './move-secret.js';
import type { ConfirmPeople } from './people-to-confirm.js';
import { createEncryptedSecret } from './save-secret.js';
import {
  KEY_CHANGE_CANCELLED_MESSAGE,
  OWN_KEY_MISMATCH_MESSAGE,
  UNCONFIRMED_PEOPLE_MESSAGE,
} from './secret-access-error.js';
import { confirming, confirmingNobody, shownIdentity } from './testing/confirm-answers.js';
import { signInAsFreshCaller, TEST_DRAFT } from './testing/fresh-caller.js';
import type { TestUserKeys } from './testing/test-user-keys.js';
import { makeTestUserKeys } from './testing/test-user-keys.js';

// `me` signs in; bob is a colleague, bobAfterReset his key after an administrator's reset.
let me: TestUserKeys;
let bob: TestUserKeys;
let bobAfterReset: TestUserKeys;

beforeAll(async () => {
  [me, bob, bobAfterReset] = await Promise.all([
    makeTestUserKeys('u-me'),
    makeTestUserKeys('u-bob'),
    makeTestUserKeys('u-bob'),
  ]);
}, 60_000);

const draft = TEST_DRAFT;

// Each test signs in as its own user id with the same key pair.
const signIn = () => signInAsFreshCaller(me.privateKey, 'u-me');

function serveChest(caller: string, colleague: TestUserKeys): FetchCall[] {
  return mockFetch({
    'GET /api/v1/vaults/c-1/public_keys.json': {
      body: {
        items: [
          { user_id: caller, public_key: me.publicKey },
          { user_id: 'u-bob', public_key: colleague.publicKey },
        ],
      },
    },
    'POST /api/v1/secrets.json': (call) => ({ status: 201, body: JSON.parse(String(call.init.body)).secret }),
  });
}

const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');
const answering = (answer: boolean) => (answer ? confirming() : confirmingNobody());

describe('the crypto client asks through the confirm callback it is given, and opens no dialog itself', () => {
  it('hands a colleague first seen in the server’s answer to the callback, and sends nothing when declined', async () => {
    const caller = await signIn();
    const calls = serveChest(caller, bob);
    const confirm = answering(false);
    await expect(createEncryptedSecret(draft, caller, { confirm })).rejects.toMatchObject({
      kind: 'unconfirmed',
      message: UNCONFIRMED_PEOPLE_MESSAGE,
    });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith(
      [
        {
          userId: 'u-bob',
          publicKey: bob.publicKey,
          fingerprint: await publicKeyFingerprint(bob.publicKey),
          reason: 'unconfirmed',
          previousFingerprint: undefined,
          reasons: undefined,
        },
      ],
      'save',
      caller,
    );
    expect(posts(calls)).toHaveLength(0);
    expect(modalStore.get()).toHaveLength(0);
    expect(await loadTrust(caller, 'u-bob')).toBeUndefined();
    // Seen is recorded (the pin), trusted is not.
    expect(await loadPin(caller, 'u-bob')).toBe(await publicKeyFingerprint(bob.publicKey));
  }, 30_000);

  it('wraps for nobody untrusted when no callback is given', async () => {
    const caller = await signIn();
    const calls = serveChest(caller, bob);
    await expect(createEncryptedSecret(draft, caller)).rejects.toMatchObject({ kind: 'unconfirmed' });
    expect(posts(calls)).toHaveLength(0);
    expect(modalStore.get()).toHaveLength(0);
  }, 30_000);

  it('trusts the confirmed key from then on: the next save asks nobody', async () => {
    const caller = await signIn();
    let calls = serveChest(caller, bob);
    const confirm = answering(true);
    await createEncryptedSecret(draft, caller, { confirm });
    expect(posts(calls)).toHaveLength(1);
    expect(await loadTrust(caller, 'u-bob')).toMatchObject({
      origin: 'confirmed',
      fingerprint: await publicKeyFingerprint(bob.publicKey),
      ...shownIdentity('u-bob'),
    });

    calls = serveChest(caller, bob);
    await createEncryptedSecret(draft, caller, { confirm });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(posts(calls)).toHaveLength(1);
  }, 30_000);

  it('asks nobody about a key this browser made (the add-user flow)', async () => {
    const caller = await signIn();
    await trustCreatedKey('u-bob', bob.publicKey, caller);
    const calls = serveChest(caller, bob);
    const confirm = answering(false);
    await createEncryptedSecret(draft, caller, { confirm });
    expect(confirm).not.toHaveBeenCalled();
    expect(posts(calls)).toHaveLength(1);
  }, 30_000);

  it('asks again for a changed key, naming the one trusted before, and Cancel sends nothing', async () => {
    const caller = await signIn();
    await trustConfirmedKey(caller, 'u-bob', bob.publicKey, shownIdentity('u-bob'));
    const calls = serveChest(caller, bobAfterReset);
    const confirm = answering(false);
    await expect(createEncryptedSecret(draft, caller, { confirm })).rejects.toMatchObject({
      kind: 'key-changed',
      message: KEY_CHANGE_CANCELLED_MESSAGE,
    });
    expect(confirm.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({
        reason: 'changed',
        fingerprint: await publicKeyFingerprint(bobAfterReset.publicKey),
        previousFingerprint: await publicKeyFingerprint(bob.publicKey),
      }),
    ]);
    expect(posts(calls)).toHaveLength(0);
    expect(await loadTrust(caller, 'u-bob')).toMatchObject({
      fingerprint: await publicKeyFingerprint(bob.publicKey),
    });
  }, 30_000);

  it('shares for the new key once the changed key is confirmed', async () => {
    const caller = await signIn();
    await trustConfirmedKey(caller, 'u-bob', bob.publicKey, shownIdentity('u-bob'));
    const calls = serveChest(caller, bobAfterReset);
    const saved = await createEncryptedSecret(draft, caller, { confirm: answering(true) });
    const sent = JSON.parse(String(posts(calls)[0]?.init.body)).secret;
    const forBob = sent.secret_keys_attributes.find((key: { user_id: string }) => key.user_id === 'u-bob');
    await expect(
      unwrapSecretKey(forBob.encrypted_value, bobAfterReset.privateKey, {
        secretId: saved.id,
        userId: 'u-bob',
      }),
    ).resolves.toHaveLength(32);
    expect(await loadTrust(caller, 'u-bob')).toMatchObject({
      fingerprint: await publicKeyFingerprint(bobAfterReset.publicKey),
    });
  }, 30_000);

  it('moves nothing when the callback declines', async () => {
    const caller = await signIn();
    await trustConfirmedKey(caller, 'u-bob', bob.publicKey, shownIdentity('u-bob'));
    const created = serveChest(caller, bob);
    const { id } = await createEncryptedSecret(draft, caller);
    const stored = JSON.parse(String(posts(created)[0]?.init.body)).secret;
    const own = stored.secret_keys_attributes.find((key: { user_id: string }) => key.user_id === caller);
    const calls = mockFetch({
      [`GET /api/v1/secrets/${id}.json`]: { body: { ...stored, secret_key: own } },
      'GET /api/v1/vaults/c-2/public_keys.json': {
        body: { items: [{ user_id: 'u-carol', public_key: bobAfterReset.publicKey }] },
      },
      [`PUT /api/v1/secrets/${id}.json`]: { body: {} },
    });
    const confirm = answering(false);
    await expect(moveEncryptedSecret(id, 'c-2', caller, { confirm })).rejects.toMatchObject({
      kind: 'unconfirmed',
    });
    expect(confirm).toHaveBeenCalledWith([expect.objectContaining({ userId: 'u-carol' })], 'move', caller);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  }, 30_000);

  it("refuses when the server lists another public key for the caller's own account, asking nobody", async () => {
    const caller = await signIn();
    const calls = mockFetch({
      'GET /api/v1/vaults/c-1/public_keys.json': {
        body: { items: [{ user_id: caller, public_key: bob.publicKey }] },
      },
    });
    const confirm = answering(true);
    await expect(createEncryptedSecret(draft, caller, { confirm })).rejects.toMatchObject({
      kind: 'key-changed',
      message: OWN_KEY_MISMATCH_MESSAGE,
    });
    expect(confirm).not.toHaveBeenCalled();
    expect(posts(calls)).toHaveLength(0);
  }, 30_000);

  it('hands on why the server says each reader reads, as part of the person to confirm', async () => {
    const caller = await signIn();
    const reasons = [{ kind: 'team', team_id: 't-1', team_name: 'Crew' }];
    mockFetch({
      'GET /api/v1/vaults/c-1/public_keys.json': {
        body: {
          items: [
            { user_id: caller, public_key: me.publicKey, reasons: [{ kind: 'administrator' }] },
            { user_id: 'u-bob', public_key: bob.publicKey, reasons },
          ],
        },
      },
    });
    const confirm = answering(false);
    await expect(createEncryptedSecret(draft, caller, { confirm })).rejects.toMatchObject({
      kind: 'unconfirmed',
    });
    expect(confirm.mock.calls[0]?.[0]).toEqual([expect.objectContaining({ userId: 'u-bob', reasons })]);
  }, 30_000);

  it('saves nothing unless everyone is confirmed, and keeps only those confirmed, with the name shown', async () => {
    const caller = await signIn();
    const calls = mockFetch({
      'GET /api/v1/vaults/c-1/public_keys.json': {
        body: {
          items: [
            { user_id: caller, public_key: me.publicKey },
            { user_id: 'u-bob', public_key: bob.publicKey },
            { user_id: 'u-carol', public_key: bobAfterReset.publicKey },
          ],
        },
      },
    });
    const confirm = confirming((person) => person.userId === 'u-bob');
    await expect(createEncryptedSecret(draft, caller, { confirm })).rejects.toMatchObject({
      kind: 'unconfirmed',
      message: UNCONFIRMED_PEOPLE_MESSAGE,
    });
    expect(posts(calls)).toHaveLength(0);
    expect(await loadTrust(caller, 'u-bob')).toMatchObject({
      origin: 'confirmed',
      ...shownIdentity('u-bob'),
    });
    expect(await loadTrust(caller, 'u-carol')).toBeUndefined();
  }, 30_000);

  it('trusts nobody an answer names who was not asked, nor another key than the one shown', async () => {
    const caller = await signIn();
    const calls = serveChest(caller, bob);
    const confirm = vi.fn<ConfirmPeople>(async () => [
      { userId: 'u-bob', publicKey: bobAfterReset.publicKey, ...shownIdentity('u-bob') },
      { userId: 'u-mallory', publicKey: bob.publicKey, ...shownIdentity('u-mallory') },
    ]);
    await expect(createEncryptedSecret(draft, caller, { confirm })).rejects.toMatchObject({
      kind: 'unconfirmed',
    });
    expect(posts(calls)).toHaveLength(0);
    expect(await loadTrust(caller, 'u-bob')).toBeUndefined();
    expect(await loadTrust(caller, 'u-mallory')).toBeUndefined();
  }, 30_000);
});
