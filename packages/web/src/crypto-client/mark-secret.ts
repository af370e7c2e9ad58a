import type { SecretPayload } from '@coffer/core';
import { fetchSecret, markSecretForDeletion, unmarkSecretForDeletion } from '../api/secrets-api.js';
import { firstSync } from '../trust-log/first-sync.js';
import type { TrustOptions } from './confirm-reader-keys.js';
import { openFetchedSecret } from './open-secret-record.js';
import { requirePrivateKey } from './private-key.js';
import { seenRevisions } from './revision-memory.js';
import { draftOfStored, type SavedSecret, saveNextRevision } from './save-secret.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/**
 * Marks a secret for deletion (`marked`) or restores it. Once the organisation has a verified trust
 * log, the change is a signed revision (review R14; docs/crypto.md, "Signed secret headers (suite
 * 2)"): the current revision is opened with every check a read makes, then sealed again as the next
 * revision under a fresh key with a header stating `deleted`, so that a server serving the secret
 * back as live serves a revision this browser knows is older, or one whose header says otherwise.
 * Without a log it is the plain call, as the spec has it. Answers the revision now stored (null for
 * the plain call, which makes none).
 */
export async function changeSecretLifecycle(
  secretId: string,
  userId: string,
  marked: boolean,
  options: TrustOptions = {},
): Promise<SavedSecret | null> {
  try {
    const view = await firstSync();
    if (!view.log || view.alarm) {
      await (marked ? markSecretForDeletion : unmarkSecretForDeletion)(secretId);
      return null;
    }
    const seen = seenRevisions(userId, secretId);
    const caller = { userId, privateKey: await requirePrivateKey() };
    const stored = await fetchSecret(secretId);
    const opened = await openFetchedSecret<SecretPayload>(stored, caller, await seen);
    return await saveNextRevision(
      stored,
      draftOfStored(stored, opened.payload),
      caller,
      'save',
      options,
      marked,
    );
  } catch (error) {
    throw toSecretAccessError(error);
  }
}
