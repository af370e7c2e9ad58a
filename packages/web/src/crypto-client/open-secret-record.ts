import type { Secret, SecretPayload } from '@coffer/core';
import { checkKeyCommitment, isCryptoError, openSecret, unwrapSecretKey } from '@coffer/core';
import { fetchSecret } from '../api/secrets-api.js';
import { reportUnopenableKey } from './broken-key-report.js';
import type { KeyOwner } from './confirm-reader-keys.js';
import { requirePrivateKey } from './private-key.js';
import { recordRevision, refuseOlderRevision, type SeenRevisions, seenRevisions } from './revision-memory.js';
import {
  SECRET_KEY_NOT_FOUND_MESSAGE,
  SecretAccessError,
  UNSIGNED_AGAIN_MESSAGE,
} from './secret-access-error.js';
import { checkSecretHeader, type HeaderStatus } from './secret-header-status.js';
import { normalisePayload } from './secret-payload.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/** A secret opened in this browser: metadata, the decrypted payload and what its header proved. */
export interface OpenedSecret {
  secret: Secret;
  payload: SecretPayload;
  header: HeaderStatus;
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

/** A fetched revision opened: its payload as sealed, and what its signed header proved. */
export interface OpenedRevision<T extends object = Record<string, unknown>> {
  payload: T;
  header: HeaderStatus;
}

/**
 * Opens a fetched revision in memory, every check before anything is shown: a revision older than
 * `seen` (the highest this user has seen in this browser) is refused ('rollback'); a signed header
 * must verify against the trust log (secret-header-status.ts), and a revision seen signed before
 * must still be; then the caller's key is unwrapped,
 * must be the key the header commits to, and opens the payload bound to the secret's id and
 * revision. A wrapped key that does not open is reported once and then answers as a missing key
 * does: the server has dropped it, and an administrator's reshare gives a working one. Opening,
 * moving and marking for deletion all read a revision this way.
 */
export async function openFetchedSecret<T extends object = Record<string, unknown>>(
  secret: Secret,
  caller: KeyOwner,
  seen: SeenRevisions,
): Promise<OpenedRevision<T>> {
  refuseOlderRevision(secret.revision, seen.revision);
  const header = await checkSecretHeader(secret, seen.revision);
  // A revision this browser saw signed, served again without a verified header (stripped, so that
  // the server's metadata would pass): refused as the downgrade it is.
  if (!header.verified && seen.signed !== undefined && secret.revision <= seen.signed) {
    throw new SecretAccessError('integrity', UNSIGNED_AGAIN_MESSAGE);
  }
  const { userId, privateKey } = caller;
  const secretKey = await unwrapOwnKey(secret, userId, privateKey).catch(async (error: unknown) => {
    if (isCryptoError(error) && (await reportUnopenableKey(secret, userId, privateKey)))
      throw new SecretAccessError('not-found', SECRET_KEY_NOT_FOUND_MESSAGE);
    throw error;
  });
  try {
    if (header.verified) await checkKeyCommitment(header.header, secretKey);
    return { payload: await openSecret<T>({ ...secret, secretId: secret.id }, secretKey), header };
  } finally {
    secretKey.fill(0);
  }
}

/**
 * Fetches a secret and opens it (openFetchedSecret); the revision becomes the new mark. Every failure
 * is a SecretAccessError (integrity errors instead of wrong data; 'Not found' with the spec's
 * reshare text).
 */
export async function openSecretRecord(
  id: string,
  userId: string,
  signal?: AbortSignal,
): Promise<OpenedSecret> {
  try {
    // The mark is known to the page, or read while the secret travels: the check adds no wait.
    const seen = seenRevisions(userId, id);
    const privateKey = await requirePrivateKey();
    const secret = await fetchSecret(id, signal);
    const opened = await openFetchedSecret(secret, { userId, privateKey }, await seen);
    // Known to this page at once; stored in IndexedDB in the background, so opening never waits on it.
    void recordRevision(userId, secret.id, secret.revision, opened.header.verified);
    return { secret, payload: normalisePayload(secret.category, opened.payload), header: opened.header };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw toSecretAccessError(error);
  }
}
