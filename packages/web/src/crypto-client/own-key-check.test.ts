import { publicKeyFingerprint } from '@coffer/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deletePrivateKey, savePrivateKey } from '../keys/key-store.js';
import { checkOwnKey } from './own-key-check.js';
import { makeTestUserKeys, type TestUserKeys } from './testing/test-user-keys.js';

let me: TestUserKeys;
let mallory: TestUserKeys;
beforeAll(async () => {
  [me, mallory] = await Promise.all([makeTestUserKeys('u-me'), makeTestUserKeys('u-mallory')]);
}, 90_000);
afterEach(() => deletePrivateKey());

describe('checkOwnKey: the listed own key against the private key unlocked here', () => {
  it('proves the public half of the unlocked private key and gives its fingerprint', async () => {
    await savePrivateKey(me.privateKey);
    expect(await checkOwnKey('u-me', me.publicKey)).toEqual({
      status: 'proven',
      fingerprint: await publicKeyFingerprint(me.publicKey),
    });
  });

  it("refuses another real key the server lists as the user's own, and gives no fingerprint of it", async () => {
    await savePrivateKey(me.privateKey);
    expect(await checkOwnKey('u-me', mallory.publicKey)).toEqual({ status: 'not-yours' });
  });

  it('refuses a listed key that is no public key at all', async () => {
    await savePrivateKey(me.privateKey);
    expect(await checkOwnKey('u-me', 'cHVi')).toEqual({ status: 'not-yours' });
  });

  it('proves nothing when this browser holds no unlocked private key', async () => {
    expect(await checkOwnKey('u-me', me.publicKey)).toEqual({ status: 'no-private-key' });
  });
});
