import { beforeAll, describe, expect, it } from 'vitest';
import {
  deriveAccountKeys,
  deriveAuthHash,
  deriveEncryptionKeyBytes,
  normaliseEmail,
} from './account-keys.js';
import { base64ToBytes, bytesToBase64 } from './encoding.js';
import { openPrivateKey, publicKeyFingerprint, sealPrivateKey } from './key-pair.js';
import { unwrapSecretKey, wrapSecretKey } from './key-wrap.js';
import { openSecret, openSecretText, sealSecret } from './secret-box.js';
import cofferJson from './vectors/coffer-suite1.json' with { type: 'json' };
import referenceJson from './vectors/reference-suite1.json' with { type: 'json' };
import type { SuiteVectors } from './vectors/suite-vectors.js';

// The reference set comes from an independent implementation (crypto.md); Coffer's own set is fixed too.
const vectorSets: Array<[string, SuiteVectors]> = [
  ['reference', referenceJson],
  ['coffer', cofferJson],
];

const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

describe.each(vectorSets)('suite 1 %s vectors', (_name, vectors) => {
  const { account, key_pair: keyPair, secret } = vectors;
  let derived: Awaited<ReturnType<typeof deriveAccountKeys>>;

  // The one PBKDF2 run per set; every other test reuses its keys.
  beforeAll(async () => {
    derived = await deriveAccountKeys({
      email: account.email,
      password: account.password,
      iterations: account.kdf_iterations,
    });
  });

  it('is a suite 1 set with the default iterations', () => {
    expect(vectors.suite).toBe(1);
    expect(account.kdf_iterations).toBe(600_000);
  });

  it('salts with the trimmed, lower-cased e-mail', () => {
    expect(account.email).not.toBe(account.salt_utf8);
    expect(normaliseEmail(account.email)).toBe(account.salt_utf8);
  });

  it('reproduces the root key, encryption key and auth hash', async () => {
    expect(bytesToBase64(derived.rootKey)).toBe(account.root_key_b64);
    expect(derived.authHash).toBe(account.auth_hash_b64);
    expect(bytesToBase64(await deriveEncryptionKeyBytes(derived.rootKey))).toBe(account.encryption_key_b64);
    expect(await deriveAuthHash(base64ToBytes(account.root_key_b64))).toBe(account.auth_hash_b64);
  });

  it('keeps the derived encryption key non-extractable', async () => {
    expect(derived.encryptionKey.extractable).toBe(false);
    expect(derived.encryptionKey.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', derived.encryptionKey)).rejects.toThrow();
  });

  it('reproduces the public key fingerprint', async () => {
    expect(await publicKeyFingerprint(keyPair.public_key)).toBe(keyPair.fingerprint);
  });

  it('opens the sealed private key as a non-extractable key that unwraps the secret key', async () => {
    const privateKey = await openPrivateKey(
      { ...keyPair, kdf_iterations: account.kdf_iterations },
      derived.encryptionKey,
    );
    expect(privateKey.extractable).toBe(false);
    expect(privateKey.usages).toEqual(['decrypt']);
    const place = { secretId: secret.id, userId: secret.user_id };
    const secretKey = await unwrapSecretKey(secret.wrapped_key_for_user, privateKey, place);
    expect(bytesToBase64(secretKey)).toBe(secret.secret_key_b64);
  });

  it('reproduces encrypted_private_key byte for byte from the PKCS#8 and the iv', async () => {
    const pkcs8 = base64ToBytes(keyPair.private_key_pkcs8_b64);
    const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, RSA_OAEP, true, ['decrypt']);
    const iv = base64ToBytes(keyPair.private_key_iv);
    const sealed = await sealPrivateKey(privateKey, derived.encryptionKey, account.kdf_iterations, iv);
    expect(sealed).toEqual({
      encrypted_private_key: keyPair.encrypted_private_key,
      private_key_iv: keyPair.private_key_iv,
    });
  });

  it('reproduces encrypted_data byte for byte from key, iv, id, revision and plaintext', async () => {
    const payload = JSON.parse(secret.plaintext) as object;
    expect(JSON.stringify(payload)).toBe(secret.plaintext);
    const sealed = await sealSecret({
      secretId: secret.id,
      revision: secret.revision,
      payload,
      secretKey: base64ToBytes(secret.secret_key_b64),
      iv: base64ToBytes(secret.encryption_iv),
    });
    expect(sealed).toEqual({ encrypted_data: secret.encrypted_data, encryption_iv: secret.encryption_iv });
  });

  it('opens encrypted_data back to the exact plaintext', async () => {
    const stored = { ...secret, secretId: secret.id };
    const secretKey = base64ToBytes(secret.secret_key_b64);
    expect(await openSecretText(stored, secretKey)).toBe(secret.plaintext);
    expect(await openSecret(stored, secretKey)).toEqual(JSON.parse(secret.plaintext));
  });

  it('wraps afresh for the public key (randomised) and still unwraps to the same key', async () => {
    const place = { secretId: secret.id, userId: secret.user_id };
    const secretKey = base64ToBytes(secret.secret_key_b64);
    const wrapped = await wrapSecretKey(secretKey, keyPair.public_key, place);
    expect(wrapped).not.toBe(secret.wrapped_key_for_user);
    const privateKey = await openPrivateKey(
      { ...keyPair, kdf_iterations: account.kdf_iterations },
      derived.encryptionKey,
    );
    expect(await unwrapSecretKey(wrapped, privateKey, place)).toEqual(secretKey);
  });
});
