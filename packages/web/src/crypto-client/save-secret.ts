import type { HeaderSigner, Secret, SecretCategory, SecretHeaderRecord, SecretPayload } from '@coffer/core';
import {
  activeUser,
  generateSecretKey,
  headerSigner,
  KEY_FOR_STRANGER_MESSAGE,
  newSecretId,
  READERS_CHANGED_MESSAGE,
  sealSecret,
  signRevisionHeader,
} from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import { changeSecretMark, createSecret, fetchSecret, updateSecret } from '../api/secrets-api.js';
import { loadSigningKey } from '../keys/key-store.js';
import { trustLogStore } from '../trust-log/trust-log-store.js';
import type { KeyOwner, TrustOptions } from './confirm-reader-keys.js';
import { confirmReaderKeys } from './confirm-reader-keys.js';
import { readersForWrap } from './log-readers.js';
import type { ConfirmPurpose } from './people-to-confirm.js';
import { requirePrivateKey } from './private-key.js';
import { wrapForReaders } from './reader-keys.js';
import { recordRevision } from './revision-memory.js';
import { CONFLICT_MESSAGE, SecretAccessError } from './secret-access-error.js';
import { toSecretAccessError } from './to-secret-access-error.js';

/** What the secret form hands over to be encrypted and saved. */
export interface SecretDraft {
  vaultId: string;
  name: string;
  category: SecretCategory;
  payload: SecretPayload;
  strength: number | null;
  formFill: boolean;
  hidden: boolean;
  /** The import batch a created secret belongs to (issue 28); not sent with later revisions. */
  importBatchId?: string;
}

/** The draft that seals `stored`'s payload again, where it is and as it is named. */
export function draftOfStored(
  stored: Secret,
  payload: SecretPayload,
  vaultId = stored.vault_id,
): SecretDraft {
  return {
    vaultId,
    name: stored.name,
    category: stored.category,
    payload,
    strength: stored.strength,
    formFill: stored.form_fill,
    hidden: stored.hidden,
  };
}

/** A saved secret: its id and the revision now stored. */
export interface SavedSecret {
  id: string;
  revision: number;
}

/** Which secret an edit saves, and the revision the user's copy was opened at. */
export interface EditTarget {
  id: string;
  baseRevision: number;
}

/**
 * Creates a secret: a new id and key, revision 1, the payload sealed to that place, the key wrapped
 * for exactly the chest's readers once each is trusted (`options.confirm` asks for anyone who is
 * not). A 409 (the reader set changed meanwhile) refetches the public keys and tries once more.
 * `userId` is the signed-in user's id: trust and pins are kept per user.
 */
export async function createEncryptedSecret(
  draft: SecretDraft,
  userId: string,
  options: TrustOptions = {},
): Promise<SavedSecret> {
  const secretId = newSecretId();
  const secretKey = generateSecretKey();
  try {
    const caller = { userId, privateKey: await requirePrivateKey() };
    const saved = await withOneRetry(async () => {
      const body = await buildBody(draft, secretId, 1, secretKey, caller, 'save', options);
      await createSecret({
        id: secretId,
        ...body,
        ...(draft.importBatchId ? { import_batch_id: draft.importBatchId } : {}),
      });
      return body;
    });
    void recordRevision(userId, secretId, 1, saved.signed_header !== undefined);
    return { id: secretId, revision: 1 };
  } catch (error) {
    throw toSecretAccessError(error);
  } finally {
    secretKey.fill(0);
  }
}

/**
 * Saves an edit: refetches the secret, refuses when someone saved since the user's copy was
 * opened, and seals the draft as revision + 1 under a fresh key (saveNextRevision).
 */
export async function updateEncryptedSecret(
  target: EditTarget,
  draft: SecretDraft,
  userId: string,
  options: TrustOptions = {},
): Promise<SavedSecret> {
  try {
    const caller = { userId, privateKey: await requirePrivateKey() };
    const stored = await fetchSecret(target.id);
    if (stored.revision !== target.baseRevision) throw new SecretAccessError('conflict', CONFLICT_MESSAGE);
    return await saveNextRevision(stored, draft, caller, 'save', options);
  } catch (error) {
    throw toSecretAccessError(error);
  }
}

/**
 * Seals `draft` as the revision after `stored`'s under a secret key made for this save alone, wraps
 * that key for exactly the readers of the draft's chest, and saves it; the revision becomes the
 * caller's mark. The key the secret had is never reused: a key the server made up (review R12)
 * then carries no edit, and a reader who has left cannot open any later revision (R17). Edits,
 * moves (move-secret.ts) and signed marks for deletion and restores (`marked`, mark-secret.ts) all
 * save this way.
 */
export async function saveNextRevision(
  stored: Pick<Secret, 'id' | 'revision'>,
  draft: SecretDraft,
  caller: KeyOwner,
  purpose: ConfirmPurpose,
  options: TrustOptions,
  marked?: boolean,
): Promise<SavedSecret> {
  const secretKey = generateSecretKey();
  try {
    const revision = stored.revision + 1;
    const saved = await withOneRetry(async () => {
      const body = await buildBody(draft, stored.id, revision, secretKey, caller, purpose, options, marked);
      await (marked === undefined
        ? updateSecret(stored.id, body)
        : changeSecretMark(stored.id, marked, body));
      return body;
    });
    void recordRevision(caller.userId, stored.id, revision, saved.signed_header !== undefined);
    return { id: stored.id, revision };
  } finally {
    secretKey.fill(0);
  }
}

/** The body of a save: revision `revision` sealed under `secretKey`, wrapped for the chest's confirmed readers. */
export async function buildBody(
  draft: SecretDraft,
  secretId: string,
  revision: number,
  secretKey: Uint8Array,
  caller: KeyOwner,
  purpose: ConfirmPurpose,
  options: TrustOptions,
  marked = false,
) {
  const readers = await readersForWrap(draft.vaultId, draft.hidden);
  await confirmReaderKeys(caller, readers, purpose, options);
  const sealed = await sealSecret({ secretId, revision, payload: draft.payload, secretKey });
  const record = {
    id: secretId,
    revision,
    vault_id: draft.vaultId,
    name: draft.name,
    category: draft.category,
    deleted: marked,
    ...sealed,
    strength: draft.strength,
    form_fill: draft.formFill,
    hidden: draft.hidden,
  };
  // The id travels in the path or beside; `deleted` only in the header (the call says it).
  const { id: _id, deleted: _deleted, ...fields } = record;
  const header = await headerUnderLog(caller.userId, record, secretKey);
  return {
    ...fields,
    ...(header ? { signed_header: header } : {}),
    secret_keys_attributes: await wrapForReaders(secretKey, secretId, readers),
  };
}

/**
 * Once the organisation has a verified trust log, every revision saved in this browser carries its
 * signed header (suite 2, core's signRevisionHeader); without a log, or without the signing key, it is saved as
 * suite 1 (no header).
 */
export async function headerUnderLog(userId: string, record: SecretHeaderRecord, secretKey: Uint8Array) {
  const { log, alarm } = trustLogStore.get();
  if (!log || alarm) return null;
  const signingKey = await loadSigningKey();
  return signingKey
    ? signRevisionHeader(headerSigner(log.state, userId, signingKey), record, secretKey)
    : null;
}

/** The signer of a batch of new secrets (seal-batch.ts) under the same rule as headerUnderLog. */
export async function batchSignerUnderLog(userId: string): Promise<HeaderSigner | null> {
  const { log, alarm } = trustLogStore.get();
  if (!log || alarm || !activeUser(log.state, userId)) return null;
  const signingKey = await loadSigningKey();
  return signingKey ? headerSigner(log.state, userId, signingKey) : null;
}

// The chest's readers changed between fetching their keys and saving (someone joined: 409, someone
// left: 400): fetch the keys again and save once more. A stale revision is not retried.
export async function withOneRetry<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!readersChanged(error)) throw error;
    return attempt();
  }
}

/** Whether the server refused a save because the chest's readers are not the ones wrapped for. */
export function readersChanged(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 409)
    return error.serverMessage === undefined || error.serverMessage === READERS_CHANGED_MESSAGE;
  return error.status === 400 && error.serverMessage === KEY_FOR_STRANGER_MESSAGE;
}
