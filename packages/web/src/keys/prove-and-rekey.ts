import type { AccountKeys } from '@coffer/core';
import { isCryptoError } from '@coffer/core';
import { verifyPassword } from '../api/accounts-profile-api.js';
import { serverMessageOf } from '../api/api-error.js';
import type { AccountKeyRecord, RekeyResult } from './account-rekey.js';
import { deriveCurrentKeys, rekeyAccount } from './account-rekey.js';

/**
 * Why proveAndRekey stopped: the stored iterations are below the floor, the server could not be
 * asked (its message, when it sent one), it said the password is wrong, or the password was
 * accepted but does not open the stored private key.
 */
export type RekeyRefusal =
  | { reason: 'weak-kdf' }
  | { reason: 'unverified'; message: string | undefined }
  | { reason: 'wrong-password' }
  | { reason: 'key-mismatch' };

/** What a credentials change sends: the current keys prove the old password, `rekeyed` the new ones. */
export type ProvenRekey =
  | { ok: true; current: AccountKeys; rekeyed: RekeyResult }
  | ({ ok: false } & RekeyRefusal);

/**
 * The shared start of a password or e-mail change: derives the current keys, has the server
 * confirm the current password, then re-seals the private key for the next credentials.
 */
export async function proveAndRekey(
  record: AccountKeyRecord,
  password: string,
  next: { email: string; password: string },
): Promise<ProvenRekey> {
  let current: AccountKeys;
  try {
    current = await deriveCurrentKeys(record, password);
  } catch (error) {
    if (isCryptoError(error, 'iterations-too-low')) return { ok: false, reason: 'weak-kdf' };
    throw error;
  }
  const refusal = await provePassword(current.authHash);
  if (refusal) return { ok: false, ...refusal };
  try {
    return { ok: true, current, rekeyed: await rekeyAccount(record, current, next) };
  } catch {
    return { ok: false, reason: 'key-mismatch' };
  }
}

/**
 * Has the server check the auth hash against the account's password: null when it is right, else
 * why not (wrong, or the check itself failed, with the server's message when it sent one).
 */
export async function provePassword(
  authHash: string,
): Promise<Extract<RekeyRefusal, { reason: 'unverified' | 'wrong-password' }> | null> {
  let valid: boolean;
  try {
    valid = (await verifyPassword(authHash))?.valid === true;
  } catch (error) {
    return { reason: 'unverified', message: serverMessageOf(error) };
  }
  return valid ? null : { reason: 'wrong-password' };
}
