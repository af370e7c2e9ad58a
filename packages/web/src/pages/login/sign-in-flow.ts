import type { AccountKeys, Profile, TwoFactorCheckResponse } from '@coffer/core';
import { deriveAccountKeys, isCryptoError, normaliseEmailInput } from '@coffer/core';
import { checkTwoFactor, fetchPrelogin, signIn } from '../../api/accounts-api.js';
import { serverMessageOf } from '../../api/api-error.js';
import { readErrorMessage } from '../../api/error-message.js';
import { unlockPrivateKey } from '../../keys/unlock-private-key.js';

/** Credentials proven in the browser, kept in memory between the password and the one-time code. */
export interface PendingSignIn {
  email: string;
  keys: AccountKeys;
  iterations: number;
}

/** Why a sign-in step failed: the server said no, the derivation was too weak, or the key did not open. */
export type SignInFailure = { ok: false; reason: 'server' | 'weak-kdf' | 'unlock'; serverMessage?: string };

/** After the password: sign in now, or ask for a one-time code first. */
export type FirstStepResult = { ok: true; needsCode: boolean; pending: PendingSignIn } | SignInFailure;

/** A completed sign-in: the token and the profile for startSession. */
export type SignInResult = { ok: true; token: string; profile: Profile } | SignInFailure;

/**
 * First step: prelogin for the iterations, derive the keys in the browser (refusing fewer than
 * 600,000 iterations), then the two-factor check. A failed check is only logged (spec section 8).
 */
export async function proveCredentials(emailInput: string, password: string): Promise<FirstStepResult> {
  const email = normaliseEmailInput(emailInput);
  let iterations: number;
  try {
    iterations = (await fetchPrelogin(email)).kdf_iterations;
  } catch (error) {
    return { ok: false, reason: 'server', serverMessage: serverMessageOf(error) };
  }
  let keys: AccountKeys;
  try {
    keys = await deriveAccountKeys({ email, password, iterations });
  } catch (error) {
    if (isCryptoError(error, 'iterations-too-low')) return { ok: false, reason: 'weak-kdf' };
    throw error;
  }
  const pending = { email, keys, iterations };
  const check = await checkTwoFactor(email, keys.authHash).catch(() => null);
  if (!isCheckAnswer(check)) {
    console.warn('Two-factor check failed; signing in without it.');
    return { ok: true, needsCode: false, pending };
  }
  return { ok: true, needsCode: check['2faRequired'] === true && check.valid === true, pending };
}

/**
 * Second step: `POST /users/sign_in.json` (with the one-time or recovery code when asked). On 201,
 * opens the private key and keeps it in the key store before the session starts.
 */
export async function completeSignIn(pending: PendingSignIn, otpAttempt?: string): Promise<SignInResult> {
  const user = {
    email: pending.email,
    password: pending.keys.authHash,
    ...(otpAttempt === undefined ? {} : { otp_attempt: otpAttempt }),
  };
  const answer = await signIn(user);
  const token = answer.headers.get('Authorization');
  if (answer.status !== 201 || !token || !isProfile(answer.json)) {
    return { ok: false, reason: 'server', serverMessage: readErrorMessage(answer.json) };
  }
  const profile = answer.json;
  try {
    await unlockPrivateKey(
      {
        encrypted_private_key: profile.encrypted_private_key,
        private_key_iv: profile.private_key_iv,
        kdf_iterations:
          typeof profile.kdf_iterations === 'number' ? profile.kdf_iterations : pending.iterations,
      },
      pending.keys.encryptionKey,
    );
  } catch (error) {
    return { ok: false, reason: isCryptoError(error, 'iterations-too-low') ? 'weak-kdf' : 'unlock' };
  }
  return { ok: true, token, profile };
}

function isCheckAnswer(value: unknown): value is TwoFactorCheckResponse {
  return typeof value === 'object' && value !== null && '2faRequired' in value;
}

function isProfile(value: unknown): value is Profile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Profile>).encrypted_private_key === 'string' &&
    typeof (value as Partial<Profile>).private_key_iv === 'string'
  );
}
