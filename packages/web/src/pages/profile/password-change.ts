import type { Profile } from '@coffer/core';
import { CURRENT_PASSWORD_INCORRECT_MESSAGE, INCORRECT_PASSWORD_MESSAGE } from '@coffer/core';
import { updateUserCredentials } from '../../api/accounts-profile-api.js';
import type { RekeyRefusal } from '../../keys/prove-and-rekey.js';
import { proveAndRekey } from '../../keys/prove-and-rekey.js';
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
  const proven = await proveAndRekey(profile, currentPassword, {
    email: profile.email,
    password: nextPassword,
  });
  if (!proven.ok) return refusalOutcome(proven);
  const { current, rekeyed } = proven;
  const answer = await updateUserCredentials({
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

function refusalOutcome(refusal: RekeyRefusal): PasswordChangeOutcome {
  switch (refusal.reason) {
    case 'weak-kdf':
      return { ok: false, message: WEAK_KDF_MESSAGE };
    case 'unverified':
      return { ok: false, message: refusal.message ?? INCORRECT_PASSWORD_MESSAGE };
    case 'wrong-password':
      return { ok: false, message: CURRENT_PASSWORD_INCORRECT_MESSAGE, field: 'currentPassword' };
    case 'key-mismatch':
      // The server accepted the password but the stored key does not open with it.
      return { ok: false, message: INCORRECT_PASSWORD_MESSAGE, field: 'currentPassword' };
  }
}
