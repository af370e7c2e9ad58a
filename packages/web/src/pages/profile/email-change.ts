import type { AccountKeys, Profile } from '@coffer/core';
import { INCORRECT_PASSWORD_MESSAGE, isCryptoError, normaliseEmailInput } from '@coffer/core';
import { changeEmail, verifyPassword } from '../../api/accounts-profile-api.js';
import { deriveCurrentKeys, rekeyAccount } from '../../keys/account-rekey.js';
import { EMAIL_CHANGE_FAILED_MESSAGE, WEAK_KDF_MESSAGE } from './account-messages.js';

/** How an e-mail change ended; a failure carries the message to show in the modal. */
export type EmailChangeOutcome = { ok: true } | { ok: false; message: string };

/**
 * Changes the signed-in user's e-mail: checks the password with the server, re-seals the same
 * private key under keys derived with the new e-mail as salt (same password, same iterations), then
 * sends `PATCH /users.json` with the new and current auth hashes.
 */
export async function submitEmailChange(
  profile: Profile,
  newEmail: string,
  password: string,
): Promise<EmailChangeOutcome> {
  const email = normaliseEmailInput(newEmail);
  let current: AccountKeys;
  try {
    current = await deriveCurrentKeys(profile, password);
  } catch (error) {
    if (isCryptoError(error, 'iterations-too-low')) return { ok: false, message: WEAK_KDF_MESSAGE };
    throw error;
  }
  const check = await verifyPassword(current.authHash);
  if (!check.ok || check.value?.valid !== true) return { ok: false, message: INCORRECT_PASSWORD_MESSAGE };
  let rekeyed: Awaited<ReturnType<typeof rekeyAccount>>;
  try {
    rekeyed = await rekeyAccount(profile, current, { email, password });
  } catch {
    return { ok: false, message: INCORRECT_PASSWORD_MESSAGE };
  }
  const answer = await changeEmail({
    email,
    password: rekeyed.authHash,
    current_password: current.authHash,
    encrypted_private_key: rekeyed.sealed.encrypted_private_key,
    private_key_iv: rekeyed.sealed.private_key_iv,
  });
  if (!answer.ok) return { ok: false, message: answer.message ?? EMAIL_CHANGE_FAILED_MESSAGE };
  return { ok: true };
}
