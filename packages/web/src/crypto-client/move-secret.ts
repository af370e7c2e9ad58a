import type { Secret } from '@coffer/core';
import { fetchSecret, moveSecret } from '../api/secrets-api.js';
import { fetchChestPublicKeys } from '../api/vaults-api.js';
import type { TrustOptions } from './confirm-reader-keys.js';
import { confirmReaderKeys } from './confirm-reader-keys.js';
import { unwrapOwnKey } from './open-secret-record.js';
import { requirePrivateKey } from './private-key.js';
import { wrapForReaders } from './reader-keys.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/**
 * Moves a secret to another chest: the payload stays as it is, its key is wrapped anew for exactly
 * the readers of the chest it joins (the server drops the keys of those who lose access), once each
 * of them is trusted (`options.confirm` asks for anyone who is not).
 */
export async function moveEncryptedSecret(
  secretId: string,
  toVaultId: string,
  userId: string,
  options: TrustOptions = {},
): Promise<Secret> {
  let secretKey: Uint8Array | undefined;
  try {
    const privateKey = await requirePrivateKey();
    const stored = await fetchSecret(secretId);
    const key = await unwrapOwnKey(stored, userId, privateKey);
    secretKey = key;
    const readers = await fetchChestPublicKeys(toVaultId, stored.hidden === true);
    await confirmReaderKeys({ userId, privateKey }, readers, 'move', options);
    return await moveSecret(secretId, toVaultId, await wrapForReaders(key, secretId, readers));
  } catch (error) {
    throw toSecretAccessError(error);
  } finally {
    secretKey?.fill(0);
  }
}
