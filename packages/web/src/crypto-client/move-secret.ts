import type { SecretPayload } from '@coffer/core';
import { SAME_CHEST_MESSAGE } from '@coffer/core';
import { fetchSecret } from '../api/secrets-api.js';
import type { TrustOptions } from './confirm-reader-keys.js';
import { openFetchedSecret } from './open-secret-record.js';
import { requirePrivateKey } from './private-key.js';
import { seenRevisions } from './revision-memory.js';
import { draftOfStored, type SavedSecret, saveNextRevision } from './save-secret.js';
import { SecretAccessError } from './secret-access-error.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/**
 * Moves a secret to another chest as a save into it: opens the current revision with the caller's
 * key, then seals the same payload as the next revision under a fresh key wrapped for exactly the
 * readers of the chest it joins, once each of them is trusted (`options.confirm` asks for anyone
 * who is not). Rewrapping the old key instead would leave it with everyone who read the secret in
 * the old chest, and with the server if it made that key up (review R12, R17). The server audits a
 * save into another chest as a move.
 */
export async function moveEncryptedSecret(
  secretId: string,
  toVaultId: string,
  userId: string,
  options: TrustOptions = {},
): Promise<SavedSecret> {
  try {
    const seen = seenRevisions(userId, secretId);
    const caller = { userId, privateKey: await requirePrivateKey() };
    const stored = await fetchSecret(secretId);
    if (stored.vault_id === toVaultId) throw new SecretAccessError('server', SAME_CHEST_MESSAGE);
    // Opened with every check a read makes: an old revision carried into the new chest would become
    // the newest there, and metadata the server changed (a hidden flag dropped: review R7) would
    // choose the readers.
    const opened = await openFetchedSecret<SecretPayload>(stored, caller, await seen);
    const draft = draftOfStored(stored, opened.payload, toVaultId);
    return await saveNextRevision(stored, draft, caller, 'move', options);
  } catch (error) {
    throw toSecretAccessError(error);
  }
}
