import type { AttachmentRef } from '@coffer/core';
import { ATTACHMENT_MAX_BYTES, attachmentTooLargeMessage } from '@coffer/core';
import {
  AttachmentError,
  type AttachmentErrorKind,
  attachedAfterCreateFailedMessage,
  isAttachmentError,
  UPLOAD_FAILED_MESSAGE,
} from './attachment-error.js';
import { deleteAttachment, type UploadSource, uploadAttachment } from './attachment-transfer.js';
import type { EditTarget, SavedSecret } from './save-secret.js';

/** A file the user chose in the form, not uploaded yet; `localId` names it until it has a server id. */
export interface PendingAttachment {
  localId: string;
  file: UploadSource;
}

/** What the form's files are at save time. */
export interface AttachmentChanges {
  /** The files of the revision the form was opened at ([] for a new secret). */
  before: readonly AttachmentRef[];
  /** The files still attached, in order (a subset of `before`). */
  kept: readonly AttachmentRef[];
  /** Files to upload, appended after `kept` in this order. */
  added: readonly PendingAttachment[];
}

/**
 * Seals and stores one revision whose payload carries exactly `attachments`: the caller builds the
 * draft with them (`withAttachments(payload, attachments)`) and calls createEncryptedSecret when
 * `target` is undefined, updateEncryptedSecret(target, …) otherwise.
 */
export type SaveRevision = (
  attachments: AttachmentRef[],
  target: EditTarget | undefined,
) => Promise<SavedSecret>;

/** Options of saveWithAttachments. */
export interface SaveWithAttachmentsOptions {
  /** Upload progress of one added file, by its localId. */
  onProgress?: (localId: string, done: number, total: number) => void;
  /** Cancels the uploads (the save itself is not interrupted once it started). */
  signal?: AbortSignal;
  maxBytes?: number;
}

/** A save of a new secret that was stored (revision 1) but whose files could not be attached. */
export class SavedWithoutFilesError extends AttachmentError {
  /** The secret as stored: the form should continue as an edit of it. */
  readonly saved: SavedSecret;

  constructor(kind: AttachmentErrorKind, reason: string, saved: SavedSecret) {
    super(kind, attachedAfterCreateFailedMessage(reason));
    this.name = 'SavedWithoutFilesError';
    this.saved = saved;
  }
}

/**
 * Saves a secret and its files in the one order that never leaves a payload pointing at a file that
 * does not exist, nor a stored file that no payload names:
 *
 * - Edit (`editTarget` given): upload every added file (one after the other, each chunk sealed before
 *   it leaves), then save the next revision with `kept` + the new refs. If an upload fails, the files
 *   uploaded so far are deleted and nothing is saved; if the save fails (a conflict, a refused key),
 *   the new files are deleted again. Only after the save succeeded are the removed files
 *   (`before` − `kept`) deleted; a failure there leaves an orphan the server removes with the secret,
 *   never a broken payload.
 * - New secret: the server takes files only for a secret that exists, and each chunk is bound to the
 *   secret's id. So the secret is created first as revision 1 without files; then the files upload and
 *   revision 2 is saved with their refs. If that second part fails, the uploads are deleted and a
 *   SavedWithoutFilesError carries the stored secret, so the form can go on as an edit of it.
 *
 * Answers the last revision saved.
 */
export async function saveWithAttachments(
  editTarget: EditTarget | undefined,
  changes: AttachmentChanges,
  save: SaveRevision,
  options: SaveWithAttachmentsOptions = {},
): Promise<SavedSecret> {
  // A file over the limit is refused before anything is stored, the secret included.
  const maxBytes = options.maxBytes ?? ATTACHMENT_MAX_BYTES;
  if (changes.added.some(({ file }) => file.size > maxBytes))
    throw new AttachmentError('too-large', attachmentTooLargeMessage(maxBytes));
  const keptIds = new Set(changes.kept.map((ref) => ref.id));
  const removed = changes.before.filter((ref) => !keptIds.has(ref.id));
  if (!editTarget) {
    const created = await save([...changes.kept], undefined);
    if (changes.added.length === 0) return created;
    try {
      return await uploadThenSave({ id: created.id, baseRevision: created.revision }, changes, save, options);
    } catch (error) {
      const failure = isAttachmentError(error)
        ? error
        : new AttachmentError('failed', error instanceof Error ? error.message : UPLOAD_FAILED_MESSAGE);
      throw new SavedWithoutFilesError(failure.kind, failure.message, created);
    }
  }
  const saved = await uploadThenSave(editTarget, changes, save, options);
  for (const ref of removed) await deleteAttachment(ref.id).catch(() => undefined);
  return saved;
}

async function uploadThenSave(
  target: EditTarget,
  changes: AttachmentChanges,
  save: SaveRevision,
  { onProgress, signal, maxBytes }: SaveWithAttachmentsOptions,
): Promise<SavedSecret> {
  const uploaded: AttachmentRef[] = [];
  try {
    for (const { localId, file } of changes.added) {
      const ref = await uploadAttachment(target.id, file, {
        ...(onProgress ? { onProgress: (done, total) => onProgress(localId, done, total) } : {}),
        ...(signal ? { signal } : {}),
        ...(maxBytes !== undefined ? { maxBytes } : {}),
      });
      uploaded.push(ref);
    }
    return await save([...changes.kept, ...uploaded], target);
  } catch (error) {
    for (const ref of uploaded) await deleteAttachment(ref.id).catch(() => undefined);
    throw error;
  }
}
