import { ATTACHMENT_DAMAGED_MESSAGE } from '@coffer/core';

/** Why a file could not be attached, downloaded or kept; the UI shows `message` as written. */
export type AttachmentErrorKind = 'too-large' | 'refused' | 'cancelled' | 'damaged' | 'failed';

/** A cancelled upload: the pending file was deleted again. */
export const UPLOAD_CANCELLED_MESSAGE = 'The upload was cancelled. The file was not attached.';
/** An upload that failed without a message from the server (network, server error). */
export const UPLOAD_FAILED_MESSAGE = 'The file could not be uploaded. Please try again.';
/** A cancelled download: nothing was saved. */
export const DOWNLOAD_CANCELLED_MESSAGE = 'The download was cancelled.';
/** A download that failed without a message from the server. */
export const DOWNLOAD_FAILED_MESSAGE = 'The file could not be downloaded. Please try again.';
/** A new secret was saved, but its files could not be attached afterwards (the second revision). */
export const attachedAfterCreateFailedMessage = (reason: string) =>
  `The secret was saved, but its files were not attached: ${reason}`;

/** Thrown by the attachment transfers; never carries a key, a chunk or a file's bytes. */
export class AttachmentError extends Error {
  readonly kind: AttachmentErrorKind;

  constructor(kind: AttachmentErrorKind, message: string) {
    super(message);
    this.name = 'AttachmentError';
    this.kind = kind;
  }
}

/** The error of a download whose ciphertext does not open as the ref says: no bytes are given. */
export function damagedFile(): AttachmentError {
  return new AttachmentError('damaged', ATTACHMENT_DAMAGED_MESSAGE);
}

/** Tells an AttachmentError (of the given kind) from anything else thrown. */
export function isAttachmentError(error: unknown, kind?: AttachmentErrorKind): error is AttachmentError {
  return error instanceof AttachmentError && (kind === undefined || error.kind === kind);
}
