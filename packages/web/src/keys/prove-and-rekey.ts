import type { AccountKeys } from '@coffer/core';
import { isCryptoError } from '@coffer/core';
import { verifyPassword } from '../api/accounts-profile-api.js';
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
  const check = await verifyPassword(current.authHash);
  if (!check.ok) return { ok: false, reason: 'unverified', message: check.message };
  if (check.value?.valid !== true) return { ok: false, reason: 'wrong-password' };
  try {
    return { ok: true, current, rekeyed: await rekeyAccount(record, current, next) };
  } catch {
    return { ok: false, reason: 'key-mismatch' };
  }
}
