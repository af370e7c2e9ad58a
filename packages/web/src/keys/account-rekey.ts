import type { AccountKeys, SealedPrivateKey, StoredPrivateKey } from '@coffer/core';
import { DEFAULT_KDF_ITERATIONS, deriveAccountKeys, resealPrivateKey } from '@coffer/core';

/** The account fields a password or e-mail change starts from (the signed-in profile has them). */
export interface AccountKeyRecord extends StoredPrivateKey {
  email: string;
}

/** What a password or e-mail change sends: the new auth hash and the same private key, sealed anew. */
export interface RekeyResult {
  authHash: string;
  sealed: SealedPrivateKey;
}

/** The account's iterations: the stored figure, or the default for a record that has none. */
export function accountIterations(record: Pick<StoredPrivateKey, 'kdf_iterations'>): number {
  return typeof record.kdf_iterations === 'number' ? record.kdf_iterations : DEFAULT_KDF_ITERATIONS;
}

/** Derives the keys of the current password (its auth hash proves the password to the server). */
export function deriveCurrentKeys(record: AccountKeyRecord, password: string): Promise<AccountKeys> {
  return deriveAccountKeys({ email: record.email, password, iterations: accountIterations(record) });
}

/**
 * Derives the keys of the next credentials (a new password, or the new e-mail as salt) with the
 * same iterations, and re-seals the same private key under them, so the key pair and every wrapped
 * secret key stay valid. The PKCS#8 exists only inside core's resealPrivateKey, never here.
 * Throws core's CryptoError 'integrity' when the current keys do not open the stored private key.
 */
export async function rekeyAccount(
  record: AccountKeyRecord,
  current: AccountKeys,
  next: { email: string; password: string },
): Promise<RekeyResult> {
  const iterations = accountIterations(record);
  const nextKeys = await deriveAccountKeys({ email: next.email, password: next.password, iterations });
  const stored: StoredPrivateKey = {
    encrypted_private_key: record.encrypted_private_key,
    private_key_iv: record.private_key_iv,
    kdf_iterations: iterations,
  };
  const sealed = await resealPrivateKey(stored, current.encryptionKey, nextKeys.encryptionKey, iterations);
  return { authHash: nextKeys.authHash, sealed };
}
