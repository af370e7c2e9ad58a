import { generateUserKeyPair, randomBytes, sealPrivateKey, verifyKeyRotation } from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { endorseNewKeyPair } from './endorse-key-rotation.js';
import { makeRotatingKeys, type RotatingKeys } from './testing/rotating-keys.js';

// The member's browser at the first personal password: the old key, sealed under the generated
// password's encryption key, signs the public key of the pair it has just made.
let old: Awaited<ReturnType<typeof generateUserKeyPair>>;
let next: RotatingKeys;
let encryptionKey: CryptoKey;
let otherEncryptionKey: CryptoKey;

const importAes = () =>
  crypto.subtle.importKey('raw', randomBytes(32), 'AES-GCM', false, ['encrypt', 'decrypt']);

beforeAll(async () => {
  [old, next, encryptionKey, otherEncryptionKey] = await Promise.all([
    generateUserKeyPair(),
    makeRotatingKeys(),
    importAes(),
    importAes(),
  ]);
}, 60_000);

async function record() {
  const sealed = await sealPrivateKey(old.privateKey, encryptionKey, 600_000);
  return { id: 'u-member', email: 'member@example.com', ...sealed, kdf_iterations: 600_000 };
}

describe('endorseNewKeyPair', () => {
  it('signs the new public key with the old private key, for this user', async () => {
    const signature = await endorseNewKeyPair(await record(), { encryptionKey }, next.publicKey);
    expect(signature).toEqual(expect.any(String));
    const rotation = {
      publicKey: next.publicKey,
      endorsingPublicKey: old.publicKey,
      signature: signature ?? '',
    };
    expect(await verifyKeyRotation({ ...rotation, userId: 'u-member' })).toBe(true);
    expect(await verifyKeyRotation({ ...rotation, userId: 'u-someone-else' })).toBe(false);
  }, 30_000);

  it('answers nothing, rather than failing the change, when the old key does not open', async () => {
    expect(
      await endorseNewKeyPair(await record(), { encryptionKey: otherEncryptionKey }, next.publicKey),
    ).toBe(undefined);
    const keyless = { ...(await record()), encrypted_private_key: '', private_key_iv: '' };
    expect(await endorseNewKeyPair(keyless, { encryptionKey }, next.publicKey)).toBeUndefined();
  }, 30_000);
});
