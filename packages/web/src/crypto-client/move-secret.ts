import type { Secret } from '@coffer/core';
import { fetchSecret, moveSecret } from '../api/secrets-api.js';
import { fetchChestPublicKeys } from '../api/vaults-api.js';
import { confirmReaderKeys } from './confirm-reader-keys.js';
import { unwrapOwnKey } from './open-secret-record.js';
import { requirePrivateKey } from './private-key.js';
import { wrapForReaders } from './reader-keys.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/**
 * Moves a secret to another chest: the payload stays as it is, its key is wrapped anew for exactly
 * the readers of the chest it joins (the server drops the keys of those who lose access), after
 * their public keys were checked against the pins.
 */
export async function moveEncryptedSecret(
  secretId: string,
  toVaultId: string,
  userId: string,
): Promise<Secret> {
  let secretKey: Uint8Array | undefined;
  try {
    const privateKey = await requirePrivateKey();
    const stored = await fetchSecret(secretId);
    const key = await unwrapOwnKey(stored, userId, privateKey);
    secretKey = key;
    const readers = await fetchChestPublicKeys(toVaultId, stored.hidden === true);
    await confirmReaderKeys({ userId, privateKey }, readers);
    return await moveSecret(secretId, toVaultId, await wrapForReaders(key, secretId, readers));
  } catch (error) {
    throw toSecretAccessError(error);
  } finally {
    secretKey?.fill(0);
  }
}
