import { requestOrThrow, requestResponse } from './api-client.js';

/** An attachment as the server describes it: ciphertext bookkeeping only, never a name or a key. */
export interface AttachmentRecord {
  id: string;
  secret_id: string;
  /** Plaintext size in bytes, as announced at creation. */
  size: number;
  chunk_count: number;
  /** False until every chunk arrived and the upload was completed. */
  complete: boolean;
  created_at: string;
}

/** The organisation's file storage: bytes used and the total it may use. */
export interface AttachmentStorage {
  used: number;
  total: number;
}

const attachmentPath = (id: string, rest = '') => `/api/v1/attachments/${encodeURIComponent(id)}${rest}`;
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** Announces an upload (413 with the server's message when the file or the organisation's total is too large). */
export async function createAttachment(
  secretId: string,
  announce: { size: number; chunk_count: number },
  signal?: AbortSignal,
): Promise<AttachmentRecord> {
  const answer = await requestOrThrow<{ attachment: AttachmentRecord }>(
    `/api/v1/secrets/${encodeURIComponent(secretId)}/attachments`,
    { method: 'POST', body: announce, ...withSignal(signal) },
  );
  return answer.attachment;
}

/** Stores one sealed chunk; chunks go in order from 0 (409 otherwise). */
export async function putAttachmentChunk(
  id: string,
  index: number,
  sealed: Uint8Array,
  signal?: AbortSignal,
): Promise<void> {
  await requestOrThrow(attachmentPath(id, `/chunks/${index}`), {
    method: 'PUT',
    body: sealed,
    ...withSignal(signal),
  });
}

/** Marks an upload whose chunks all arrived as complete. */
export async function completeAttachment(id: string, signal?: AbortSignal): Promise<AttachmentRecord> {
  const answer = await requestOrThrow<{ attachment: AttachmentRecord }>(attachmentPath(id, '/complete'), {
    method: 'POST',
    ...withSignal(signal),
  });
  return answer.attachment;
}

/** Deletes an attachment, complete or pending, with all its chunks. */
export async function deleteAttachmentRecord(id: string): Promise<void> {
  await requestOrThrow(attachmentPath(id), { method: 'DELETE' });
}

/** Starts a download: the Response of the chunks concatenated, its body unread so it can be streamed. */
export function openAttachmentDownload(id: string, signal?: AbortSignal): Promise<Response> {
  return requestResponse(attachmentPath(id), withSignal(signal));
}

/** The organisation's file storage, used and total. */
export function fetchAttachmentStorage(signal?: AbortSignal): Promise<AttachmentStorage> {
  return requestOrThrow<AttachmentStorage>('/api/v1/organisation/attachment-storage', withSignal(signal));
}
