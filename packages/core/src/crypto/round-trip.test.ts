import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountKeys, deriveAccountKeys } from './account-keys.js';
import { base64ToBytes } from './encoding.js';
import { CryptoError } from './errors.js';
import {
  generateUserKeyPair,
  importPublicKey,
  openPrivateKey,
  publicKeyFingerprint,
  resealPrivateKey,
  sealPrivateKey,
  type UserKeyPair,
} from './key-pair.js';
import { unwrapSecretKey, wrapSecretKey } from './key-wrap.js';
import { newSecretId } from './random-values.js';
import { generateSecretKey, openSecret, sealSecret } from './secret-box.js';
import { DEFAULT_KDF_ITERATIONS } from './suite-constants.js';

// Two users as the web app sees them: registration, unlock, saving a secret, sharing it and resharing it.
interface User {
  id: string;
  keys: AccountKeys;
  pair: UserKeyPair;
  privateKey: CryptoKey;
}

const iterations = DEFAULT_KDF_ITERATIONS;
let ada: User;
let bob: User;

async function register(id: string, email: string, password: string): Promise<User> {
  const [keys, pair] = await Promise.all([
    deriveAccountKeys({ email, password, iterations }),
    generateUserKeyPair(),
  ]);
  const sealed = await sealPrivateKey(pair.privateKey, keys.encryptionKey, iterations);
  const privateKey = await openPrivateKey({ ...sealed, kdf_iterations: iterations }, keys.encryptionKey);
  return { id, keys, pair, privateKey };
}

// RSA-3072 generation and PBKDF2 are slow: once per user for the whole file.
beforeAll(async () => {
  ada = await register('user-ada', 'ada@example.com', 'first password');
  bob = await register('user-bob', 'bob@example.com', 'second password');
});

describe('key pairs', () => {
  it('are RSA-OAEP-3072 with e = 65537 and SHA-256, the public half as base64 SPKI', async () => {
    const publicKey = await importPublicKey(ada.pair.publicKey);
    expect(publicKey.algorithm).toMatchObject({
      name: 'RSA-OAEP',
      modulusLength: 3072,
      hash: { name: 'SHA-256' },
    });
    expect(Array.from((publicKey.algorithm as RsaHashedKeyAlgorithm).publicExponent)).toEqual([1, 0, 1]);
    expect(ada.pair.privateKey.extractable).toBe(true);
    expect(ada.pair.publicKey).not.toBe(bob.pair.publicKey);
  });

  it('have a fingerprint of 16 groups of four lower-case hex digits', async () => {
    const fingerprint = await publicKeyFingerprint(ada.pair.publicKey);
    expect(fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){15}$/);
    expect(await publicKeyFingerprint(bob.pair.publicKey)).not.toBe(fingerprint);
  });

  it('seal the private key under a fresh iv each time and open it as a non-extractable decrypt-only key', async () => {
    const first = await sealPrivateKey(ada.pair.privateKey, ada.keys.encryptionKey, iterations);
    const second = await sealPrivateKey(ada.pair.privateKey, ada.keys.encryptionKey, iterations);
    expect(base64ToBytes(first.private_key_iv)).toHaveLength(12);
    expect(second.private_key_iv).not.toBe(first.private_key_iv);
    expect(second.encrypted_private_key).not.toBe(first.encrypted_private_key);
    expect(ada.privateKey.extractable).toBe(false);
    expect(ada.privateKey.usages).toEqual(['decrypt']);
    await expect(crypto.subtle.exportKey('pkcs8', ada.privateKey)).rejects.toThrow();
  });

  it('cannot be opened with another user’s encryption key', async () => {
    const sealed = await sealPrivateKey(ada.pair.privateKey, ada.keys.encryptionKey, iterations);
    const opening = openPrivateKey({ ...sealed, kdf_iterations: iterations }, bob.keys.encryptionKey);
    await expect(opening).rejects.toMatchObject({ kind: 'integrity' });
  });
});

describe('a password or e-mail change', () => {
  it('re-seals the same private key under the new encryption key, so wrapped keys stay valid', async () => {
    const stored = {
      ...(await sealPrivateKey(ada.pair.privateKey, ada.keys.encryptionKey, iterations)),
      kdf_iterations: iterations,
    };
    // Bob's encryption key stands in for the one Ada derives from her new password.
    const nextKey = bob.keys.encryptionKey;
    const resealed = await resealPrivateKey(stored, ada.keys.encryptionKey, nextKey, 700_000);
    const next = { ...resealed, kdf_iterations: 700_000 };
    await expect(openPrivateKey(next, ada.keys.encryptionKey)).rejects.toMatchObject({ kind: 'integrity' });
    const reopened = await openPrivateKey(next, nextKey);
    const place = { secretId: newSecretId(), userId: ada.id };
    const secretKey = generateSecretKey();
    const wrapped = await wrapSecretKey(secretKey, ada.pair.publicKey, place);
    expect(await unwrapSecretKey(wrapped, reopened, place)).toEqual(secretKey);
  });

  it('refuses to re-seal under too few iterations or with the wrong current key', async () => {
    const stored = {
      ...(await sealPrivateKey(ada.pair.privateKey, ada.keys.encryptionKey, iterations)),
      kdf_iterations: iterations,
    };
    const keys = [ada.keys.encryptionKey, bob.keys.encryptionKey] as const;
    await expect(resealPrivateKey(stored, ...keys, 5000)).rejects.toMatchObject({
      kind: 'iterations-too-low',
    });
    const wrongCurrent = resealPrivateKey(stored, bob.keys.encryptionKey, bob.keys.encryptionKey, iterations);
    await expect(wrongCurrent).rejects.toMatchObject({ kind: 'integrity' });
  });
});

describe('a shared secret', () => {
  const secretId = newSecretId();
  const payload = { username: 'ada', password: 'p4ss wörd ☎', url: 'https://example.com', note: '' };

  it('seals under a fresh iv per save and opens to the same payload', async () => {
    const secretKey = generateSecretKey();
    const first = await sealSecret({ secretId, revision: 1, payload, secretKey });
    const second = await sealSecret({ secretId, revision: 1, payload, secretKey });
    expect(base64ToBytes(first.encryption_iv)).toHaveLength(12);
    expect(second.encryption_iv).not.toBe(first.encryption_iv);
    expect(await openSecret({ ...first, secretId, revision: 1 }, secretKey)).toEqual(payload);
    const edited = { ...payload, note: 'changed' };
    const saved = await sealSecret({ secretId, revision: 2, payload: edited, secretKey });
    expect(await openSecret({ ...saved, secretId, revision: 2 }, secretKey)).toEqual(edited);
  });

  it('is readable by each user it is wrapped for, and by nobody else', async () => {
    const secretKey = generateSecretKey();
    const sealed = {
      ...(await sealSecret({ secretId, revision: 1, payload, secretKey })),
      secretId,
      revision: 1,
    };
    const forAda = await wrapSecretKey(secretKey, ada.pair.publicKey, { secretId, userId: ada.id });
    const forBob = await wrapSecretKey(secretKey, await importPublicKey(bob.pair.publicKey), {
      secretId,
      userId: bob.id,
    });
    for (const [user, wrapped] of [
      [ada, forAda],
      [bob, forBob],
    ] as const) {
      const unwrapped = await unwrapSecretKey(wrapped, user.privateKey, { secretId, userId: user.id });
      expect(await openSecret(sealed, unwrapped)).toEqual(payload);
    }
    const stolen = unwrapSecretKey(forAda, bob.privateKey, { secretId, userId: ada.id });
    await expect(stolen).rejects.toBeInstanceOf(CryptoError);
  });

  it('can be reshared by a user who holds it, without the server seeing the key', async () => {
    const secretKey = generateSecretKey();
    const forAda = await wrapSecretKey(secretKey, ada.pair.publicKey, { secretId, userId: ada.id });
    const held = await unwrapSecretKey(forAda, ada.privateKey, { secretId, userId: ada.id });
    const forBob = await wrapSecretKey(held, bob.pair.publicKey, { secretId, userId: bob.id });
    expect(await unwrapSecretKey(forBob, bob.privateKey, { secretId, userId: bob.id })).toEqual(secretKey);
  });
});
