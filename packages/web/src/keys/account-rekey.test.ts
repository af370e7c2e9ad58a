import {
  deriveAccountKeys,
  generateUserKeyPair,
  importPublicKey,
  isCryptoError,
  openPrivateKey,
  sealPrivateKey,
  unwrapSecretKey,
  wrapSecretKey,
} from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { deriveCurrentKeys, rekeyAccount } from './account-rekey.js';

const ITERATIONS = 600_000;
const place = { secretId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', userId: 'u-1' };

describe('rekeyAccount (password and e-mail changes)', () => {
  it('re-seals the same private key under the new e-mail and password', { timeout: 60_000 }, async () => {
    const old = await deriveAccountKeys({
      email: 'ada@example.com',
      password: 'old password!',
      iterations: ITERATIONS,
    });
    const pair = await generateUserKeyPair();
    const record = {
      email: 'ada@example.com',
      kdf_iterations: ITERATIONS,
      ...(await sealPrivateKey(pair.privateKey, old.encryptionKey, ITERATIONS)),
    };
    const secretKey = crypto.getRandomValues(new Uint8Array(32));
    const wrapped = await wrapSecretKey(secretKey, await importPublicKey(pair.publicKey), place);

    const current = await deriveCurrentKeys(record, 'old password!');
    const next = { email: 'countess@example.com', password: 'new password!' };
    const result = await rekeyAccount(record, current, next);

    const nextKeys = await deriveAccountKeys({ ...next, iterations: ITERATIONS });
    expect(result.authHash).toBe(nextKeys.authHash);
    const reopened = await openPrivateKey(
      { ...result.sealed, kdf_iterations: ITERATIONS },
      nextKeys.encryptionKey,
    );
    expect(reopened.extractable).toBe(false);
    // Every wrapped secret key stays readable: it is the same key pair.
    expect(await unwrapSecretKey(wrapped, reopened, place)).toEqual(secretKey);
  });

  it('fails with an integrity error when the current password is wrong', { timeout: 60_000 }, async () => {
    const old = await deriveAccountKeys({
      email: 'ada@example.com',
      password: 'old password!',
      iterations: ITERATIONS,
    });
    const pair = await generateUserKeyPair();
    const record = {
      email: 'ada@example.com',
      kdf_iterations: ITERATIONS,
      ...(await sealPrivateKey(pair.privateKey, old.encryptionKey, ITERATIONS)),
    };
    const wrong = await deriveCurrentKeys(record, 'not the password');
    const error = await rekeyAccount(record, wrong, { email: record.email, password: 'whatever!!' }).catch(
      (e) => e,
    );
    expect(isCryptoError(error, 'integrity')).toBe(true);
  });
});
