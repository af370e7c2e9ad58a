import { bytesToBase64, deriveAccountKeys, deriveEncryptionKeyBytes, utf8Encode } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { deletePrivateKey } from '../../keys/key-store.js';
import { completeSignIn, proveCredentials } from '../../pages/login/sign-in-flow.js';
import { createEvilServer } from '../evil-server/evil-server.js';

const EMAIL = ' Ada@Example.com';
const PASSWORD = 'correct horse battery staple';

// WebCrypto by hand, independent of core's account-keys.ts: what the server may learn from a sign-in.
async function expectedAuthHash(): Promise<string> {
  const password = await crypto.subtle.importKey('raw', utf8Encode(PASSWORD), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const root = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: utf8Encode('ada@example.com'), iterations: 600_000 },
    password,
    256,
  );
  const hkdf = await crypto.subtle.importKey('raw', root, 'HKDF', false, ['deriveBits']);
  const info = utf8Encode('coffer:auth:1');
  const auth = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info },
    hkdf,
    256,
  );
  return bytesToBase64(new Uint8Array(auth));
}

// R2, offline guessing from the verifier. Every sign-in hands the server a value it can test password
// guesses against, offline.
// Now: partly resisted, by design. What is sent is the auth hash alone, one HKDF step (its own info
// string) from PBKDF2-SHA256 at 600,000 iterations salted with the e-mail, so every guess costs the
// whole derivation; never the password, the root key or the key that seals the private key. The
// server's Argon2id only protects a stolen database → after (not part I): a memory-hard client KDF or a
// second, device-held secret (suite 2).
describe('R2 offline guessing from the verifier', () => {
  it('a sign-in sends only HKDF(PBKDF2-600k(password, e-mail), "coffer:auth:1"), nothing else derived from the password', async () => {
    const evil = createEvilServer();
    evil.tamper('POST /users/sign_in.json', () => ({
      status: 401,
      body: { error: 'Invalid Email or password.' },
    }));
    const first = await proveCredentials(EMAIL, PASSWORD);
    if (!first.ok) throw new Error('the honest prelogin must pass');
    await completeSignIn(first.pending);
    await deletePrivateKey();

    const authHash = await expectedAuthHash();
    const bodies = evil.calls.map((call) => String(call.init.body ?? ''));
    const signIn = JSON.parse(bodies[2] ?? '{}') as { user?: { password?: string } };
    expect(signIn.user?.password).toBe(authHash);
    expect(JSON.parse(bodies[1] ?? '{}')).toMatchObject({ password: authHash });
    const keys = await deriveAccountKeys({
      email: 'ada@example.com',
      password: PASSWORD,
      iterations: 600_000,
    });
    const secrets = [
      PASSWORD,
      bytesToBase64(keys.rootKey),
      bytesToBase64(await deriveEncryptionKeyBytes(keys.rootKey)),
    ];
    for (const body of bodies) for (const secret of secrets) expect(body).not.toContain(secret);
  }, 60_000);
});
