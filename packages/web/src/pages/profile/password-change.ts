import type { AccountKeys, Profile } from '@coffer/core';
import { CURRENT_PASSWORD_INCORRECT_MESSAGE, INCORRECT_PASSWORD_MESSAGE, isCryptoError } from '@coffer/core';
import { changePassword, verifyPassword } from '../../api/accounts-profile-api.js';
import { deriveCurrentKeys, rekeyAccount } from '../../keys/account-rekey.js';
import { PASSWORD_CHANGE_FAILED_MESSAGE, WEAK_KDF_MESSAGE } from './account-messages.js';

/** How a password change ended: `field` names the field to mark; `fromServer` messages are notifications. */
export type PasswordChangeOutcome =
  | { ok: true; sealed: { encrypted_private_key: string; private_key_iv: string } }
  | { ok: false; message: string; field?: 'currentPassword'; fromServer?: boolean };

/**
 * Changes the signed-in user's password (also the personal-password step): checks the current
 * password with the server, re-seals the same private key under the new password with the same
 * iterations, then sends `PATCH /users.json` with must_change_password false.
 */
export async function submitPasswordChange(
  profile: Profile,
  currentPassword: string,
  nextPassword: string,
): Promise<PasswordChangeOutcome> {
  let current: AccountKeys;
  try {
    current = await deriveCurrentKeys(profile, currentPassword);
  } catch (error) {
    if (isCryptoError(error, 'iterations-too-low')) return { ok: false, message: WEAK_KDF_MESSAGE };
    throw error;
  }
  const check = await verifyPassword(current.authHash);
  if (!check.ok) return { ok: false, message: check.message ?? INCORRECT_PASSWORD_MESSAGE };
  if (check.value?.valid !== true) {
    return { ok: false, message: CURRENT_PASSWORD_INCORRECT_MESSAGE, field: 'currentPassword' };
  }
  let rekeyed: Awaited<ReturnType<typeof rekeyAccount>>;
  try {
    rekeyed = await rekeyAccount(profile, current, { email: profile.email, password: nextPassword });
  } catch {
    // The server accepted the password but the stored key does not open with it.
    return { ok: false, message: INCORRECT_PASSWORD_MESSAGE, field: 'currentPassword' };
  }
  const answer = await changePassword({
    password: rekeyed.authHash,
    current_password: current.authHash,
    encrypted_private_key: rekeyed.sealed.encrypted_private_key,
    private_key_iv: rekeyed.sealed.private_key_iv,
    must_change_password: false,
  });
  if (!answer.ok) {
    return { ok: false, message: answer.message ?? PASSWORD_CHANGE_FAILED_MESSAGE, fromServer: true };
  }
  return { ok: true, sealed: rekeyed.sealed };
}
