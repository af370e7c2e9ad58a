import {
  ATTACHMENT_CHUNK_ORDER_MESSAGE,
  ATTACHMENT_MAX_BYTES,
  attachmentTooLargeMessage,
} from '@coffer/core';
import type { FakeAnswer, FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';

/** One stored file of the fake server: its announcement and the chunks received, in order. */
export interface StoredAttachment {
  id: string;
  secretId: string;
  size: number;
  chunkCount: number;
  chunks: Uint8Array[];
  complete: boolean;
}

/** A fake of h1's attachment routes, honest unless a test changes what it stores or answers. */
export interface AttachmentServer {
  calls: FetchCall[];
  files: Map<string, StoredAttachment>;
  /** Makes the next call whose `'METHOD /path'` matches fail with this answer, once. */
  failNext(method: string, pathPart: string, answer: FakeAnswer): void;
  /** Calls by method and path, as `'PUT /api/v1/attachments/att-1/chunks/0'`. */
  log(): string[];
  /** How many bytes of the download body each read hands over (to cut chunks across reads). */
  readSize: number;
}

/**
 * Serves the attachment API of the contract (brief h3: create, PUT chunks in order, complete, DELETE,
 * GET the chunks concatenated) over an in-memory map, with other routes passed through. Downloads
 * stream the body in pieces of `readSize` bytes.
 */
export function serveAttachments(
  otherRoutes: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer | Promise<FakeAnswer>)> = {},
): AttachmentServer {
  const files = new Map<string, StoredAttachment>();
  const failures: Array<{ method: string; pathPart: string; answer: FakeAnswer }> = [];
  let made = 0;
  const server: AttachmentServer = {
    calls: [],
    files,
    readSize: 64 * 1024,
    failNext(method, pathPart, answer) {
      failures.push({ method, pathPart, answer });
    },
    log: () => server.calls.map((call) => `${call.method} ${call.path}`),
  };
  const failure = (call: FetchCall): FakeAnswer | undefined => {
    const at = failures.findIndex((f) => f.method === call.method && call.path.includes(f.pathPart));
    if (at < 0) return undefined;
    return failures.splice(at, 1)[0]?.answer;
  };
  const guarded =
    (handler: (call: FetchCall) => FakeAnswer | Promise<FakeAnswer>) =>
    (call: FetchCall): FakeAnswer | Promise<FakeAnswer> =>
      failure(call) ?? handler(call);
  const present = (file: StoredAttachment) => ({
    id: file.id,
    secret_id: file.secretId,
    size: file.size,
    chunk_count: file.chunkCount,
    complete: file.complete,
    created_at: '2026-11-28T00:00:00.000Z',
  });
  server.calls = mockFetch({
    ...otherRoutes,
    'POST /api/v1/secrets/:secretId/attachments': guarded((call) => {
      const { size, chunk_count } = JSON.parse(String(call.init.body)) as {
        size: number;
        chunk_count: number;
      };
      if (size > ATTACHMENT_MAX_BYTES)
        return { status: 413, body: { errors: [attachmentTooLargeMessage(ATTACHMENT_MAX_BYTES)] } };
      made += 1;
      const file: StoredAttachment = {
        id: `att-${made}`,
        secretId: call.params.secretId ?? '',
        size,
        chunkCount: chunk_count,
        chunks: [],
        complete: false,
      };
      files.set(file.id, file);
      return { status: 201, body: { attachment: present(file) } };
    }),
    'PUT /api/v1/attachments/:id/chunks/:index': guarded((call) => {
      const file = files.get(call.params.id ?? '');
      if (!file) return { status: 404, body: { errors: ['Not found'] } };
      if (Number(call.params.index) !== file.chunks.length)
        return { status: 409, body: { errors: [ATTACHMENT_CHUNK_ORDER_MESSAGE] } };
      file.chunks.push(new Uint8Array(call.init.body as Uint8Array));
      return { status: 204 };
    }),
    'POST /api/v1/attachments/:id/complete': guarded((call) => {
      const file = files.get(call.params.id ?? '');
      if (!file) return { status: 404, body: { errors: ['Not found'] } };
      file.complete = true;
      return { body: { attachment: present(file) } };
    }),
    'DELETE /api/v1/attachments/:id': guarded((call) => {
      files.delete(call.params.id ?? '');
      return { status: 204 };
    }),
    'GET /api/v1/attachments/:id': guarded((call) => {
      const file = files.get(call.params.id ?? '');
      if (!file?.complete) return { status: 404, body: { errors: ['Not found'] } };
      const whole = concat(file.chunks);
      const size = server.readSize;
      let at = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= whole.length) {
            controller.close();
            return;
          }
          controller.enqueue(whole.slice(at, at + size));
          at += size;
        },
      });
      return { body, headers: { 'Content-Type': 'application/octet-stream' } };
    }),
  });
  return server;
}

/** The chunks as one byte array, as the server's GET answers them. */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
