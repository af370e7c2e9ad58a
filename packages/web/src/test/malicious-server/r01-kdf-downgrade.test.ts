import { generateUserKeyPair, sealPrivateKey } from '@coffer/core';
import { describe, expect, it } from 'vitest';
import { deletePrivateKey, loadPrivateKey } from '../../keys/key-store.js';
import { completeSignIn, proveCredentials } from '../../pages/login/sign-in-flow.js';
import { createEvilServer } from '../evil-server/evil-server.js';
import { buildProfile } from '../profile-fixture.js';

const EMAIL = 'ada@example.com';
const PASSWORD = 'a long enough password';

// R1, KDF downgrade. The server answers prelogin, or the sign-in's profile, with 100,000 PBKDF2
// iterations, so that each password guess against the auth hash costs six times less.
// Now: resisted. The client's floor of 600,000 is checked before any derivation, and the iterations
// are the additional data of the sealed private key → after: the same.
describe('R1 KDF downgrade', () => {
  it('prelogin with 100,000 iterations is refused before anything is derived or sent', async () => {
    const evil = createEvilServer();
    evil.tamper('POST /api/v1/prelogin', () => ({ body: { kdf_iterations: 100_000 } }));
    expect(await proveCredentials(EMAIL, PASSWORD)).toEqual({ ok: false, reason: 'weak-kdf' });
    // No auth hash left the browser: prelogin was the only request.
    expect(evil.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/v1/prelogin']);
  }, 30_000);

  it('a sign-in answer with 100,000 iterations, or a key sealed under them, unlocks nothing', async () => {
    const evil = createEvilServer();
    const first = await proveCredentials(EMAIL, PASSWORD);
    if (!first.ok) throw new Error('the honest prelogin must pass');
    const pair = await generateUserKeyPair();
    const weakSeal = await sealPrivateKey(pair.privateKey, first.pending.keys.encryptionKey, 100_000);
    await deletePrivateKey();
    for (const [kdf_iterations, reason] of [
      [100_000, 'weak-kdf'],
      // The server claims the floor, but the key was sealed under 100,000: its additional data differs.
      [600_000, 'unlock'],
    ] as const) {
      const undo = evil.tamper('POST /users/sign_in.json', () => ({
        status: 201,
        headers: { Authorization: 'Bearer token' },
        body: buildProfile({ ...weakSeal, kdf_iterations, public_key: pair.publicKey }),
      }));
      expect(await completeSignIn(first.pending)).toEqual({ ok: false, reason });
      expect(await loadPrivateKey()).toBeNull();
      undo();
    }
  }, 60_000);
});
