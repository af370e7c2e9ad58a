import { bytesToBase64, deriveEncryptionKeyBytes, resolveInactivityMinutes } from '@coffer/core';
import { signOut } from '@coffer/web/api/accounts-api.js';
import { setToken } from '@coffer/web/api/token-store.js';
import { checkOwnKey } from '@coffer/web/crypto-client/own-key-check.js';
import { KEY_UNLOCK_FAILED_MESSAGE, WEAK_KDF_MESSAGE } from '@coffer/web/keys/account-messages.js';
import { deletePrivateKey } from '@coffer/web/keys/key-store.js';
import type { LoginMode } from '@coffer/web/pages/login/login-messages.js';
import { signInFailureMessage } from '@coffer/web/pages/login/login-messages.js';
import type { PendingSignIn, SignInFailure } from '@coffer/web/pages/login/sign-in-flow.js';
import { completeSignIn, proveCredentials } from '@coffer/web/pages/login/sign-in-flow.js';
import { LOCAL_KEYS, writeLocal } from '../platform/extension-storage.js';
import { createIndexKeyBytes } from './index-key.js';
import { lock, storeUnlocked, type UnlockedSession, useServer } from './unlocked-session.js';

/** The server sent a public key for the user that their private key does not prove (review R18). */
export const OWN_KEY_REFUSED_MESSAGE =
  'The server sent an encryption key for your account that does not match your private key, so Coffer stayed locked. Please tell an administrator.';

/** After the password: signed in, a code to ask for, or the message to show. */
export type FirstStep =
  | { kind: 'done'; session: UnlockedSession }
  | { kind: 'code'; pending: PendingSignIn }
  | { kind: 'failed'; message: string };

/**
 * The web app's sign-in, step for step (pages/login/sign-in-flow.ts): prelogin, the same KDF and its
 * floor in this page, the two-step check, then sign-in. Only the server differs: the one the user chose.
 */
export async function signInWithPassword(
  server: string,
  email: string,
  password: string,
): Promise<FirstStep> {
  await lock();
  useServer(server);
  await deletePrivateKey();
  const first = await proveCredentials(email, password);
  if (!first.ok) return { kind: 'failed', message: failureMessage(first, 'login') };
  if (first.needsCode) return { kind: 'code', pending: first.pending };
  const done = await finishSignIn(server, first.pending, 'login');
  return done.ok ? { kind: 'done', session: done.session } : { kind: 'failed', message: done.message };
}

/**
 * Sends the password proof (with a one-time or recovery code when asked), opens the private key,
 * proves the listed public key against it, then keeps the session in memory only.
 */
export async function finishSignIn(
  server: string,
  pending: PendingSignIn,
  mode: LoginMode,
  code?: string,
): Promise<{ ok: true; session: UnlockedSession } | { ok: false; message: string }> {
  const result = await completeSignIn(pending, code);
  if (!result.ok) return { ok: false, message: failureMessage(result, mode) };
  const { profile, token } = result;
  setToken(token);
  const proof = await checkOwnKey(profile.id, profile.public_key);
  if (proof.status !== 'proven') {
    await signOut().catch(() => undefined);
    await deletePrivateKey();
    return { ok: false, message: OWN_KEY_REFUSED_MESSAGE };
  }
  const encryptionKey = await deriveEncryptionKeyBytes(pending.keys.rootKey);
  const session: UnlockedSession = {
    server,
    token: token.replace(/^Bearer\s+/i, '').trim(),
    userId: profile.id,
    email: pending.email,
    sealed: {
      encrypted_private_key: profile.encrypted_private_key,
      private_key_iv: profile.private_key_iv,
      kdf_iterations:
        typeof profile.kdf_iterations === 'number' ? profile.kdf_iterations : pending.iterations,
    },
    encryptionKey: bytesToBase64(encryptionKey),
    indexKey: createIndexKeyBytes(),
    inactivityMinutes: resolveInactivityMinutes(profile.inactivity_length),
    lastActiveAt: Date.now(),
  };
  encryptionKey.fill(0);
  pending.keys.rootKey.fill(0);
  await storeUnlocked(session);
  await writeLocal(LOCAL_KEYS.server, server);
  await writeLocal(LOCAL_KEYS.email, pending.email);
  return { ok: true, session };
}

function failureMessage(failure: SignInFailure, mode: LoginMode): string {
  if (failure.reason === 'weak-kdf') return WEAK_KDF_MESSAGE;
  if (failure.reason === 'unlock') return KEY_UNLOCK_FAILED_MESSAGE;
  return signInFailureMessage(mode, failure.serverMessage);
}
