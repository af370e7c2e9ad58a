import type { Profile } from '@coffer/core';
import { INCORRECT_PASSWORD_MESSAGE, mailFailed, normaliseEmailInput } from '@coffer/core';
import { updateUserCredentials } from '../../api/accounts-profile-api.js';
import { serverMessageOf } from '../../api/api-error.js';
import { EMAIL_CHANGE_FAILED_MESSAGE, WEAK_KDF_MESSAGE } from '../../keys/account-messages.js';
import { proveAndRekey } from '../../keys/prove-and-rekey.js';

/** How an e-mail change request ended: the address now waiting for its link, or the message to show. */
export type EmailChangeOutcome =
  | {
      ok: true;
      pendingEmail: string /** Whether the link (or notice) to the new address left. */;
      mailSent: boolean;
    }
  | { ok: false; message: string };

/**
 * Asks to change the signed-in user's e-mail: checks the password with the server, re-seals the same
 * private key under keys derived with the new e-mail as salt (same password, same iterations), then
 * sends `PATCH /users.json` with the new and current auth hashes. The server keeps them pending
 * until the link mailed to the new address is opened.
 */
export async function submitEmailChange(
  profile: Profile,
  newEmail: string,
  password: string,
): Promise<EmailChangeOutcome> {
  const email = normaliseEmailInput(newEmail);
  const proven = await proveAndRekey(profile, password, { email, password });
  if (!proven.ok) {
    const message = proven.reason === 'weak-kdf' ? WEAK_KDF_MESSAGE : INCORRECT_PASSWORD_MESSAGE;
    return { ok: false, message };
  }
  const { current, rekeyed } = proven;
  let answer: unknown;
  try {
    answer = await updateUserCredentials({
      email,
      password: rekeyed.authHash,
      current_password: current.authHash,
      encrypted_private_key: rekeyed.sealed.encrypted_private_key,
      private_key_iv: rekeyed.sealed.private_key_iv,
    });
  } catch (error) {
    return { ok: false, message: serverMessageOf(error) ?? EMAIL_CHANGE_FAILED_MESSAGE };
  }
  return { ok: true, pendingEmail: email, mailSent: !mailFailed(answer) };
}
