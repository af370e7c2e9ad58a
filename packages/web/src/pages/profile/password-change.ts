import type {
  AccountKeys,
  PasswordChange,
  PersonalPasswordChange,
  Profile,
  SignedTrustEntry,
} from '@coffer/core';
import {
  CURRENT_PASSWORD_INCORRECT_MESSAGE,
  INCORRECT_PASSWORD_MESSAGE,
  isCryptoError,
  mailFailed,
} from '@coffer/core';
import { updateUserCredentials } from '../../api/accounts-profile-api.js';
import { serverMessageOf } from '../../api/api-error.js';
import { PASSWORD_CHANGE_FAILED_MESSAGE, WEAK_KDF_MESSAGE } from '../../keys/account-messages.js';
import { deriveCurrentKeys } from '../../keys/account-rekey.js';
import { endorseNewKeyPair } from '../../keys/endorse-key-rotation.js';
import { makeAccountKeys } from '../../keys/make-account-keys.js';
import type { RekeyRefusal } from '../../keys/prove-and-rekey.js';
import { proveAndRekey, provePassword } from '../../keys/prove-and-rekey.js';
import { adminMadeKeyInLog } from '../../trust-log/admin-made-key.js';
import { trustLogStore } from '../../trust-log/trust-log-store.js';

/** How a password change ended: `field` names the field to mark; `fromServer` messages are notifications. */
export type PasswordChangeOutcome =
  | {
      ok: true;
      /** The profile's new key fields: the re-sealed private key, or a fresh pair's public key too. */
      sealed: {
        encrypted_private_key: string;
        private_key_iv: string;
        public_key?: string;
        kdf_iterations?: number;
      };
      /** Whether the notice of the new password left (spec section 8: 'Could not send email successfully.'). */
      mailSent: boolean;
    }
  | PasswordChangeRefusal;

/** A password change that did not happen, and why. */
type PasswordChangeRefusal = { ok: false; message: string; field?: 'currentPassword'; fromServer?: boolean };

/**
 * Changes the signed-in user's password (also the personal-password step): checks the current
 * password with the server, re-seals the same private key under the new password with the same
 * iterations, then sends `PATCH /users.json` with must_change_password false. While
 * must_change_password is set, a fresh key pair is made instead (submitFirstPersonalPassword).
 */
export async function submitPasswordChange(
  profile: Profile,
  currentPassword: string,
  nextPassword: string,
): Promise<PasswordChangeOutcome> {
  if (profile.must_change_password || adminMadeKeyInLog(trustLogStore.get(), profile.id))
    return submitFirstPersonalPassword(profile, currentPassword, nextPassword);
  const proven = await proveAndRekey(profile, currentPassword, {
    email: profile.email,
    password: nextPassword,
  });
  if (!proven.ok) return refusalOutcome(proven);
  const { current, rekeyed } = proven;
  const sent = await sendPasswordChange({
    password: rekeyed.authHash,
    current_password: current.authHash,
    encrypted_private_key: rekeyed.sealed.encrypted_private_key,
    private_key_iv: rekeyed.sealed.private_key_iv,
    must_change_password: false,
  });
  return sent.ok ? { ok: true, sealed: rekeyed.sealed, mailSent: sent.mailSent } : sent;
}

// The server's refusal is a notification, with its message when it sent one. Once accepted, the
// answer says whether the notice of the new password left.
async function sendPasswordChange(
  change: PasswordChange | PersonalPasswordChange,
  trustEntries?: () => Promise<SignedTrustEntry[] | undefined>,
): Promise<{ ok: true; mailSent: boolean } | PasswordChangeRefusal> {
  try {
    const entries = await trustEntries?.();
    return { ok: true, mailSent: !mailFailed(await updateUserCredentials(change, entries)) };
  } catch (error) {
    // The trust log's own refusal (a log that does not verify, a key it cannot move to) says why.
    const message = serverMessageOf(error) ?? trustLogMessageOf(error) ?? PASSWORD_CHANGE_FAILED_MESSAGE;
    return { ok: false, message, fromServer: true };
  }
}

function trustLogMessageOf(error: unknown): string | undefined {
  const trustLogError =
    error instanceof Error && ['TrustChangeRefused', 'TrustLogAlarm'].includes(error.name);
  return trustLogError ? error.message : undefined;
}

function refusalOutcome(refusal: RekeyRefusal): PasswordChangeRefusal {
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

/**
 * The first personal password after an administrator's generated (or reset) one (api.md): the
 * administrator knew that password, so could open the private key sealed under it. The current
 * password is proven to the server, then this browser makes a fresh key pair, seals it under the
 * new password and sends its public key with the password change; the server drops the user's
 * wrapped secret keys, which administrators reshare to the new key. The old private key, opened
 * for signing with the current password, endorses the new public key, so browsers that trusted the
 * old key share with the new one without asking anyone (docs/crypto.md). Once the server accepted,
 * the new private key replaces the unlocked one in the key store. Nobody but the user ever held it.
 */
export async function submitFirstPersonalPassword(
  profile: Profile,
  currentPassword: string,
  nextPassword: string,
): Promise<PasswordChangeOutcome> {
  let current: AccountKeys;
  try {
    current = await deriveCurrentKeys(profile, currentPassword);
  } catch (error) {
    if (isCryptoError(error, 'iterations-too-low')) return refusalOutcome({ reason: 'weak-kdf' });
    throw error;
  }
  const refusal = await provePassword(current.authHash);
  if (refusal) return refusalOutcome(refusal);

  const made = await makeAccountKeys(profile.email, nextPassword);
  const endorsement = await endorseNewKeyPair(profile, current, made.keys.public_key);
  const change: PersonalPasswordChange = {
    password: made.keys.authHash,
    current_password: current.authHash,
    encrypted_private_key: made.keys.encrypted_private_key,
    private_key_iv: made.keys.private_key_iv,
    must_change_password: false,
    public_key: made.keys.public_key,
    kdf_iterations: made.keys.kdf_iterations,
    ...(endorsement === undefined ? {} : { key_endorsement: endorsement }),
  };
  // A key the organisation's log binds moves in the log with the same call (the rotation entry).
  const owner = { userId: profile.id, organisationId: profile.organisation?.id ?? '' };
  const sent = await sendPasswordChange(change, async () => {
    const { keyRotationEntries } = await import('../../trust-log/own-key-rotation.js');
    return keyRotationEntries(owner, {
      publicKey: made.keys.public_key,
      endorsement,
      signingKey: made.signingKey,
    });
  });
  if (!sent.ok) return sent;
  await made.unlock();
  return {
    ok: true,
    mailSent: sent.mailSent,
    sealed: {
      encrypted_private_key: change.encrypted_private_key,
      private_key_iv: change.private_key_iv,
      public_key: change.public_key,
      kdf_iterations: change.kdf_iterations,
    },
  };
}
