import type { Attachment, AttachmentResponse, AttachmentStorage } from '@coffer/core';
import { requestOrThrow, requestResponse } from './api-client.js';

const attachmentPath = (id: string, rest = '') => `/api/v1/attachments/${encodeURIComponent(id)}${rest}`;
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** Announces an upload (413 with the server's message when the file or the organisation's total is too large). */
export async function createAttachment(
  secretId: string,
  announce: { size: number; chunk_count: number },
  signal?: AbortSignal,
): Promise<Attachment> {
  const answer = await requestOrThrow<AttachmentResponse>(
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
export async function completeAttachment(id: string, signal?: AbortSignal): Promise<Attachment> {
  const answer = await requestOrThrow<AttachmentResponse>(attachmentPath(id, '/complete'), {
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
