import type { AttachmentRef } from '@coffer/core';
import {
  ATTACHMENT_CHUNK_BYTES,
  ATTACHMENT_MAX_BYTES,
  attachmentChunkCiphertextBytes,
  attachmentChunkCount,
  attachmentChunkPlainBytes,
  attachmentCiphertextBytes,
  attachmentTooLargeMessage,
  generateAttachmentKey,
  importAttachmentKey,
  openAttachmentChunk,
  sealAttachmentChunk,
} from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import {
  completeAttachment,
  createAttachment,
  deleteAttachmentRecord,
  openAttachmentDownload,
  putAttachmentChunk,
} from '../api/attachments-api.js';
import {
  AttachmentError,
  DOWNLOAD_CANCELLED_MESSAGE,
  DOWNLOAD_FAILED_MESSAGE,
  damagedFile,
  isAttachmentError,
  UPLOAD_CANCELLED_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
} from './attachment-error.js';

/** Progress of one transfer: plaintext bytes done of the file's size. */
export type TransferProgress = (done: number, total: number) => void;

/** Options of an upload or a download. */
export interface TransferOptions {
  onProgress?: TransferProgress;
  /** Cancels the transfer; a cancelled upload deletes its pending file. */
  signal?: AbortSignal;
  /** The largest file accepted, ATTACHMENT_MAX_BYTES unless the caller knows the server's own figure. */
  maxBytes?: number;
}

/** A file to upload: the browser's File (or any Blob with a name). */
export type UploadSource = Blob & { name: string };

/**
 * Uploads one file of secret `secretId`: announces it, then reads it slice by slice (one chunk in
 * memory, the next one sealed while the current one travels), seals every chunk under a new file key
 * bound to secret, file, index and count, PUTs the chunks in order and completes the upload. Answers
 * the AttachmentRef to put into the payload. A file over the limit is refused before any request; on
 * any failure or cancel the pending attachment is DELETEd (so no half-written file stays) and an
 * AttachmentError says why.
 */
export async function uploadAttachment(
  secretId: string,
  file: UploadSource,
  { onProgress, signal, maxBytes = ATTACHMENT_MAX_BYTES }: TransferOptions = {},
): Promise<AttachmentRef> {
  if (file.size > maxBytes) throw new AttachmentError('too-large', attachmentTooLargeMessage(maxBytes));
  const size = file.size;
  const count = attachmentChunkCount(size);
  let attachmentId: string | undefined;
  try {
    signal?.throwIfAborted();
    attachmentId = (await createAttachment(secretId, { size, chunk_count: count }, signal)).id;
    const id = attachmentId;
    const key = generateAttachmentKey();
    const cryptoKey = await importAttachmentKey(key);
    const sealChunk = async (index: number): Promise<Uint8Array> => {
      const start = index * ATTACHMENT_CHUNK_BYTES;
      const slice = file.slice(start, start + attachmentChunkPlainBytes(size, index));
      const plain = new Uint8Array(await slice.arrayBuffer());
      try {
        return await sealAttachmentChunk({ secretId, attachmentId: id, index, count, key: cryptoKey, plain });
      } finally {
        plain.fill(0);
      }
    };
    onProgress?.(0, size);
    let next = sealChunk(0);
    for (let index = 0; index < count; index += 1) {
      const sealed = await next;
      if (index + 1 < count) {
        next = sealChunk(index + 1);
        // A failed PUT leaves this promise unawaited; its own failure must not go unhandled.
        next.catch(() => undefined);
      }
      signal?.throwIfAborted();
      await putAttachmentChunk(id, index, sealed, signal);
      onProgress?.(Math.min(size, (index + 1) * ATTACHMENT_CHUNK_BYTES), size);
    }
    signal?.throwIfAborted();
    await completeAttachment(id, signal);
    return { id, name: file.name, size, mediaType: file.type, key };
  } catch (error) {
    if (attachmentId !== undefined) await deleteQuietly(attachmentId);
    throw toTransferError(error, signal, UPLOAD_MESSAGES);
  }
}

/**
 * Downloads and opens one file: reads the response body as a stream, cuts it into the chunk lengths
 * the ref's size gives, and opens each chunk as soon as it is whole. Answers the file as a Blob of the
 * ref's media type. A chunk that does not open, a body too short or too long, or a malformed ref is
 * ATTACHMENT_DAMAGED_MESSAGE, and no bytes are given (the opened parts are zeroed).
 */
export async function downloadAttachment(
  secretId: string,
  ref: AttachmentRef,
  { onProgress, signal }: Omit<TransferOptions, 'maxBytes'> = {},
): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const count = countOfRef(ref);
    const key = await importAttachmentKey(ref.key).catch(() => {
      throw damagedFile();
    });
    const response = await openAttachmentDownload(ref.id, signal);
    if (!response.body) throw damagedFile();
    // A body announced at another length than the ref's chunks add up to is refused before any read.
    const announced = response.headers.get('Content-Length');
    if (announced !== null && Number(announced) !== attachmentCiphertextBytes(ref.size)) throw damagedFile();
    reader = response.body.getReader();
    let chunk = new Uint8Array(attachmentChunkCiphertextBytes(ref.size, 0));
    let filled = 0;
    let index = 0;
    let done = 0;
    onProgress?.(0, ref.size);
    for (;;) {
      const read = await reader.read();
      // A cancel gives nothing, even when the last bytes were already on their way.
      signal?.throwIfAborted();
      if (read.done) break;
      const bytes = read.value;
      for (let offset = 0; offset < bytes.length; ) {
        if (index >= count) throw damagedFile();
        const take = Math.min(chunk.length - filled, bytes.length - offset);
        chunk.set(bytes.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled < chunk.length) continue;
        const plain = await openAttachmentChunk({
          secretId,
          attachmentId: ref.id,
          index,
          count,
          key,
          sealed: chunk,
        }).catch(() => {
          throw damagedFile();
        });
        parts.push(plain);
        done += plain.length;
        onProgress?.(done, ref.size);
        index += 1;
        if (index < count) chunk = new Uint8Array(attachmentChunkCiphertextBytes(ref.size, index));
        filled = 0;
      }
    }
    if (index !== count) throw damagedFile();
    return new Blob(parts, { type: ref.mediaType || 'application/octet-stream' });
  } catch (error) {
    // The rest of the body is of no use once one part is refused.
    await reader?.cancel().catch(() => undefined);
    throw toTransferError(error, signal, DOWNLOAD_MESSAGES);
  } finally {
    // The Blob holds its own copy; the opened parts are not left lying in memory.
    for (const part of parts) part.fill(0);
  }
}

/** Deletes a file of a secret (after a save that removed it). */
export async function deleteAttachment(id: string): Promise<void> {
  await deleteAttachmentRecord(id);
}

// Cleaning up after a failed upload must not hide why it failed; a file left pending is never part
// of a payload and the server deletes it with its secret.
async function deleteQuietly(id: string): Promise<void> {
  try {
    await deleteAttachmentRecord(id);
  } catch {
    // nothing more to do: see above
  }
}

// A ref's size is read from a payload any reader may have sealed: a size that is not whole bytes is a
// damaged ref, refused before any request.
function countOfRef(ref: AttachmentRef): number {
  if (!Number.isSafeInteger(ref.size) || ref.size < 0) throw damagedFile();
  return attachmentChunkCount(ref.size);
}

const UPLOAD_MESSAGES = { cancelled: UPLOAD_CANCELLED_MESSAGE, failed: UPLOAD_FAILED_MESSAGE };
const DOWNLOAD_MESSAGES = { cancelled: DOWNLOAD_CANCELLED_MESSAGE, failed: DOWNLOAD_FAILED_MESSAGE };

/** Any failure of a transfer as an AttachmentError: cancelled, the server's own refusal, or failed. */
function toTransferError(
  error: unknown,
  signal: AbortSignal | undefined,
  messages: { cancelled: string; failed: string },
): AttachmentError {
  if (isAttachmentError(error)) return error;
  if (signal?.aborted || isAbort(error)) return new AttachmentError('cancelled', messages.cancelled);
  const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500;
  if (refusal && error.serverMessage !== undefined)
    return new AttachmentError('refused', error.serverMessage);
  return new AttachmentError('failed', messages.failed);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
