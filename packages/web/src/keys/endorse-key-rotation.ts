import type { AccountKeys } from '@coffer/core';
import { endorseKeyRotation, openSigningKey } from '@coffer/core';
import type { AccountKeyRecord } from './account-rekey.js';
import { accountIterations } from './account-rekey.js';

/**
 * Signs a new key pair's public key with the account's CURRENT private key, sealed in `record` and
 * opened here for signing only (non-extractable) with the current password's keys, so that
 * browsers that trusted the old key trust the new one (docs/crypto.md, "Key rotation
 * endorsements"). Answers undefined when the old key does not open (an account without one, a
 * damaged seal): the change goes on, and colleagues confirm the new key by hand as before.
 */
export async function endorseNewKeyPair(
  record: AccountKeyRecord & { id: string },
  current: Pick<AccountKeys, 'encryptionKey'>,
  publicKey: string,
): Promise<string | undefined> {
  try {
    const signingKey = await openSigningKey(
      {
        encrypted_private_key: record.encrypted_private_key,
        private_key_iv: record.private_key_iv,
        kdf_iterations: accountIterations(record),
      },
      current.encryptionKey,
    );
    return await endorseKeyRotation(signingKey, { userId: record.id, publicKey });
  } catch {
    return undefined;
  }
}
