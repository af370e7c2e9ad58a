import {
  DEFAULT_KDF_ITERATIONS,
  deriveAccountKeys,
  generateUserKeyPair,
  importPublicKey,
  sealPrivateKey,
  unwrapSecretKey,
  wrapSecretKey,
} from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { deletePrivateKey, loadPrivateKey } from '../../keys/key-store.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { completeSignIn, proveCredentials } from './sign-in-flow.js';

// The real suite end to end: what registration would have sealed, sign-in opens into the key store.
describe('sign-in with the real crypto suite', () => {
  it('derives, signs in with the auth hash and stores the private key non-extractable', {
    timeout: 60_000,
  }, async () => {
    const email = 'ada@example.com';
    const password = 'a long enough password';
    const keys = await deriveAccountKeys({ email, password, iterations: DEFAULT_KDF_ITERATIONS });
    const pair = await generateUserKeyPair();
    const sealed = await sealPrivateKey(pair.privateKey, keys.encryptionKey, DEFAULT_KDF_ITERATIONS);
    const calls = mockFetch({
      'POST /api/v1/prelogin': { body: { kdf_iterations: DEFAULT_KDF_ITERATIONS } },
      'POST /api/v1/two-factor-check': { body: { '2faRequired': false, valid: true } },
      'POST /users/sign_in.json': {
        status: 201,
        body: buildProfile({ ...sealed, public_key: pair.publicKey }),
        headers: { Authorization: 'Bearer tok' },
      },
    });

    const first = await proveCredentials(' Ada@Example.com', password);
    expect(first.ok && !first.needsCode).toBe(true);
    if (!first.ok) return;
    const result = await completeSignIn(first.pending);

    expect(result.ok).toBe(true);
    const sent = JSON.parse(String(calls[2]?.init.body)) as { user: { password: string } };
    expect(sent.user.password).toBe(keys.authHash);
    const stored = await loadPrivateKey();
    expect(stored?.extractable).toBe(false);
    // The stored key is the user's: it unwraps what was wrapped for the public key.
    const place = { secretId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', userId: 'u-1' };
    const secretKey = crypto.getRandomValues(new Uint8Array(32));
    const wrapped = await wrapSecretKey(secretKey, await importPublicKey(pair.publicKey), place);
    expect(await unwrapSecretKey(wrapped, stored as CryptoKey, place)).toEqual(secretKey);
    await deletePrivateKey();
  });

  it('reports an unlock failure when the stored key was sealed under other keys', {
    timeout: 60_000,
  }, async () => {
    const other = await deriveAccountKeys({
      email: 'x@example.com',
      password: 'other password!',
      iterations: DEFAULT_KDF_ITERATIONS,
    });
    const mine = await deriveAccountKeys({
      email: 'ada@example.com',
      password: 'mine password!!',
      iterations: DEFAULT_KDF_ITERATIONS,
    });
    const pair = await generateUserKeyPair();
    const sealed = await sealPrivateKey(pair.privateKey, other.encryptionKey, DEFAULT_KDF_ITERATIONS);
    mockFetch({
      'POST /users/sign_in.json': {
        status: 201,
        body: buildProfile(sealed),
        headers: { Authorization: 'Bearer t' },
      },
    });
    const result = await completeSignIn({
      email: 'ada@example.com',
      keys: mine,
      iterations: DEFAULT_KDF_ITERATIONS,
    });
    expect(result).toEqual({ ok: false, reason: 'unlock' });
    expect(await loadPrivateKey()).toBeNull();
  });
});
