import type { Secret, SecretPayload } from '@coffer/core';
import { isCryptoError, openSecret, unwrapSecretKey } from '@coffer/core';
import { fetchSecret } from '../api/secrets-api.js';
import { reportUnopenableKey } from './broken-key-report.js';
import { requirePrivateKey } from './private-key.js';
import { highestRevision, recordRevision, refuseOlderRevision } from './revision-memory.js';
import { SECRET_KEY_NOT_FOUND_MESSAGE, SecretAccessError } from './secret-access-error.js';
import { normalisePayload } from './secret-payload.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/** A secret opened in this browser: metadata and the decrypted payload. */
export interface OpenedSecret {
  secret: Secret;
  payload: SecretPayload;
}

/** Unwraps the caller's copy of a fetched secret's key; the caller zeroes it after use. */
export async function unwrapOwnKey(
  secret: Secret,
  userId: string,
  privateKey: CryptoKey,
): Promise<Uint8Array> {
  const wrapped = secret.secret_key?.encrypted_value;
  if (!wrapped) throw new SecretAccessError('not-found', SECRET_KEY_NOT_FOUND_MESSAGE);
  return unwrapSecretKey(wrapped, privateKey, { secretId: secret.id, userId });
}

/**
 * Fetches a secret and decrypts it in memory: unwrap the caller's key with the private key, then
 * open the payload bound to the secret's id and revision. A revision older than the highest this
 * user has seen in this browser is refused before anything is decrypted ('rollback'); one that opens
 * becomes the new mark. Every failure is a SecretAccessError (integrity errors instead of wrong
 * data; 'Not found' with the spec's reshare text). A wrapped key
 * that does not open is reported once and then answers as a missing key does: the server has
 * dropped it, and an administrator's reshare gives a working one.
 */
export async function openSecretRecord(
  id: string,
  userId: string,
  signal?: AbortSignal,
): Promise<OpenedSecret> {
  try {
    // The mark is known to the page, or read while the secret travels: the check adds no wait.
    const seen = highestRevision(userId, id);
    const privateKey = await requirePrivateKey();
    const secret = await fetchSecret(id, signal);
    refuseOlderRevision(secret.revision, await seen);
    const secretKey = await unwrapOwnKey(secret, userId, privateKey).catch(async (error: unknown) => {
      if (isCryptoError(error) && (await reportUnopenableKey(secret, userId, privateKey)))
        throw new SecretAccessError('not-found', SECRET_KEY_NOT_FOUND_MESSAGE);
      throw error;
    });
    try {
      const opened = await openSecret({ ...secret, secretId: secret.id }, secretKey);
      // Known to this page at once; stored in IndexedDB in the background, so opening never waits on it.
      void recordRevision(userId, secret.id, secret.revision);
      return { secret, payload: normalisePayload(secret.category, opened) };
    } finally {
      secretKey.fill(0);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toSecretAccessError(error);
  }
}
