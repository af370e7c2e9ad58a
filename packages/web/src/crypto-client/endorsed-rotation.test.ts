import { endorseKeyRotation, publicKeyFingerprint, unwrapSecretKey } from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTrust, trustCreatedKey } from '../keys/key-trust.js';
import type { RotatingKeys } from '../keys/testing/rotating-keys.js';
import { makeRotatingKeys } from '../keys/testing/rotating-keys.js';
import type { FetchCall } from '../test/mock-fetch.js';
import { mockFetch } from '../test/mock-fetch.js';
import { sortReaderKeys } from './confirm-reader-keys.js';
import { createEncryptedSecret } from './save-secret.js';
import { confirmingNobody } from './testing/confirm-answers.js';
import { signInAsFreshCaller, TEST_DRAFT } from './testing/fresh-caller.js';

// An administrator's browser made bob's first key pair; bob then set his personal password, and his
// browser made `bobsOwn`, endorsed by the first key. `planted` is a key nobody endorsed.
let me: RotatingKeys;
let made: RotatingKeys;
let bobsOwn: RotatingKeys;
let planted: RotatingKeys;

beforeAll(async () => {
  [me, made, bobsOwn, planted] = await Promise.all([
    makeRotatingKeys(),
    makeRotatingKeys(),
    makeRotatingKeys(),
    makeRotatingKeys(),
  ]);
}, 60_000);

const draft = TEST_DRAFT;

// Each test signs in as its own user id with the same key pair.
const signIn = () => signInAsFreshCaller(me.privateKey, 'u-admin-endorsed');

async function serveChest(
  caller: string,
  bobsKey: RotatingKeys,
  endorsedKey: RotatingKeys,
): Promise<FetchCall[]> {
  const endorsement = await endorseKeyRotation(made.signingKey, {
    userId: 'u-bob',
    publicKey: endorsedKey.publicKey,
  });
  return mockFetch({
    'GET /api/v1/vaults/c-1/public_keys.json': {
      body: {
        items: [
          { user_id: caller, public_key: me.publicKey },
          { user_id: 'u-bob', public_key: bobsKey.publicKey },
        ],
      },
    },
    'GET /api/v1/users/u-bob/key_endorsement.json': {
      body: {
        user_id: 'u-bob',
        public_key: bobsKey.publicKey,
        endorsing_public_key: made.publicKey,
        key_endorsement: endorsement,
      },
    },
    'POST /api/v1/secrets.json': (call) => ({ status: 201, body: JSON.parse(String(call.init.body)).secret }),
  });
}

const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');

describe('a member’s own key pair, endorsed by the key this browser made', () => {
  it('is wrapped for without asking anyone, and trusted from then on', async () => {
    const caller = await signIn();
    await trustCreatedKey('u-bob', made.publicKey, caller);
    const calls = await serveChest(caller, bobsOwn, bobsOwn);
    const confirm = confirmingNobody();
    const saved = await createEncryptedSecret(draft, caller, { confirm });

    expect(confirm).not.toHaveBeenCalled();
    const sent = JSON.parse(String(posts(calls)[0]?.init.body)).secret;
    const forBob = sent.secret_keys_attributes.find((key: { user_id: string }) => key.user_id === 'u-bob');
    await expect(
      unwrapSecretKey(forBob.encrypted_value, bobsOwn.privateKey, { secretId: saved.id, userId: 'u-bob' }),
    ).resolves.toHaveLength(32);
    expect(await loadTrust(caller, 'u-bob')).toMatchObject({
      fingerprint: await publicKeyFingerprint(bobsOwn.publicKey),
      origin: 'endorsed',
    });
  }, 30_000);

  it('is a changed key to confirm when the listed key is not the endorsed one', async () => {
    const caller = await signIn();
    await trustCreatedKey('u-bob', made.publicKey, caller);
    await serveChest(caller, planted, bobsOwn);
    const sorted = await sortReaderKeys({ userId: caller, privateKey: me.privateKey }, [
      { user_id: 'u-bob', public_key: planted.publicKey },
    ]);
    expect(sorted.trusted.size).toBe(0);
    expect(sorted.untrusted).toEqual([
      expect.objectContaining({
        userId: 'u-bob',
        reason: 'changed',
        fingerprint: await publicKeyFingerprint(planted.publicKey),
        previousFingerprint: await publicKeyFingerprint(made.publicKey),
      }),
    ]);
  }, 30_000);
});
