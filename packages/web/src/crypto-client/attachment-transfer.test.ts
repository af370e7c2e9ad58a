import { File as NodeFile } from 'node:buffer';
import type { AttachmentRef } from '@coffer/core';
import {
  ATTACHMENT_CHUNK_BYTES,
  ATTACHMENT_DAMAGED_MESSAGE,
  ATTACHMENT_MAX_BYTES,
  attachmentChunkCiphertextBytes,
  attachmentTooLargeMessage,
  openAttachmentChunk,
} from '@coffer/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesOf } from '../test/blob-bytes.js';
import { AttachmentError, UPLOAD_CANCELLED_MESSAGE, UPLOAD_FAILED_MESSAGE } from './attachment-error.js';
import { downloadAttachment, uploadAttachment } from './attachment-transfer.js';
import { concat, serveAttachments } from './testing/attachment-server.js';

const SECRET_ID = '6f1c2a3b-4d5e-4f60-8a71-92b3c4d5e6f7';
const SIZE = 2 * ATTACHMENT_CHUNK_BYTES + 12_345;

afterEach(() => {
  vi.unstubAllGlobals();
});

function patterned(size: number, seed = 7): Uint8Array<ArrayBuffer> {
  return new Uint8Array(size).map((_, at) => (at * 31 + seed) & 0xff);
}

// jsdom's File cannot read its slices (no arrayBuffer()); Node's File can, as every browser's does.
function fileOf(bytes: Uint8Array<ArrayBuffer>, name = 'id_ed25519', type = 'application/x-pem-file'): File {
  return new NodeFile([bytes], name, { type }) as unknown as File;
}

// Megabytes compared at once: toEqual walks them element by element, which takes seconds.
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

async function failureOf(promise: Promise<unknown>): Promise<AttachmentError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AttachmentError);
  return error as AttachmentError;
}

describe('uploading a file', () => {
  it('announces it, PUTs every sealed chunk in order, completes, and answers the ref', async () => {
    const server = serveAttachments();
    const plain = patterned(SIZE);
    const progress: Array<[number, number]> = [];
    const ref = await uploadAttachment(SECRET_ID, fileOf(plain), {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(server.log()).toEqual([
      `POST /api/v1/secrets/${SECRET_ID}/attachments`,
      'PUT /api/v1/attachments/att-1/chunks/0',
      'PUT /api/v1/attachments/att-1/chunks/1',
      'PUT /api/v1/attachments/att-1/chunks/2',
      'POST /api/v1/attachments/att-1/complete',
    ]);
    expect(JSON.parse(String(server.calls[0]?.init.body))).toEqual({ size: SIZE, chunk_count: 3 });
    expect(ref).toMatchObject({
      id: 'att-1',
      name: 'id_ed25519',
      size: SIZE,
      mediaType: 'application/x-pem-file',
    });
    expect(progress).toEqual([
      [0, SIZE],
      [ATTACHMENT_CHUNK_BYTES, SIZE],
      [2 * ATTACHMENT_CHUNK_BYTES, SIZE],
      [SIZE, SIZE],
    ]);
    const stored = server.files.get('att-1');
    expect(stored?.complete).toBe(true);
    expect(stored?.chunks.map((chunk) => chunk.length)).toEqual(
      [0, 1, 2].map((i) => attachmentChunkCiphertextBytes(SIZE, i)),
    );
    // The server holds ciphertext only; the ref's key opens every chunk at its place.
    const opened = await Promise.all(
      (stored?.chunks ?? []).map((sealed, index) =>
        openAttachmentChunk({
          secretId: SECRET_ID,
          attachmentId: 'att-1',
          index,
          count: 3,
          key: ref.key,
          sealed,
        }),
      ),
    );
    expect(opened.map((part) => part.length)).toEqual([
      ATTACHMENT_CHUNK_BYTES,
      ATTACHMENT_CHUNK_BYTES,
      12_345,
    ]);
    expect(sameBytes(opened[2] ?? new Uint8Array(), plain.subarray(2 * ATTACHMENT_CHUNK_BYTES))).toBe(true);
  });

  it('uploads an empty file as one chunk', async () => {
    const server = serveAttachments();
    const ref = await uploadAttachment(SECRET_ID, fileOf(new Uint8Array(0), 'empty.txt', ''));
    expect(ref).toMatchObject({ size: 0, mediaType: '' });
    expect(server.files.get(ref.id)?.chunks.map((chunk) => chunk.length)).toEqual([28]);
  });

  it('refuses a file over the limit before any request', async () => {
    const server = serveAttachments();
    const big = { size: ATTACHMENT_MAX_BYTES + 1, name: 'big.iso', type: '' } as unknown as File;
    const error = await failureOf(uploadAttachment(SECRET_ID, big));
    expect(error.kind).toBe('too-large');
    expect(error.message).toBe(attachmentTooLargeMessage(ATTACHMENT_MAX_BYTES));
    expect(server.calls).toHaveLength(0);
  });

  it("says the server's refusal of the announcement (the organisation's total) and stores nothing", async () => {
    const server = serveAttachments();
    const message =
      'Your organisation has used its 50 MB of file storage. Remove some files or upgrade to store more.';
    server.failNext('POST', '/attachments', { status: 413, body: { errors: [message] } });
    const error = await failureOf(uploadAttachment(SECRET_ID, fileOf(patterned(10))));
    expect(error).toMatchObject({ kind: 'refused', message });
    expect(server.log()).toEqual([`POST /api/v1/secrets/${SECRET_ID}/attachments`]);
  });

  it('deletes the pending file when a chunk fails, and says the upload failed', async () => {
    const server = serveAttachments();
    server.failNext('PUT', '/chunks/1', { status: 500 });
    const error = await failureOf(uploadAttachment(SECRET_ID, fileOf(patterned(SIZE))));
    expect(error).toMatchObject({ kind: 'failed', message: UPLOAD_FAILED_MESSAGE });
    expect(server.log().slice(-2)).toEqual([
      'PUT /api/v1/attachments/att-1/chunks/1',
      'DELETE /api/v1/attachments/att-1',
    ]);
    expect(server.files.size).toBe(0);
  });

  it("passes on the server's 409 for a chunk out of order and deletes the pending file", async () => {
    const server = serveAttachments();
    server.failNext('PUT', '/chunks/0', {
      status: 409,
      body: { errors: ['File parts must be uploaded in order.'] },
    });
    const error = await failureOf(uploadAttachment(SECRET_ID, fileOf(patterned(10))));
    expect(error).toMatchObject({ kind: 'refused', message: 'File parts must be uploaded in order.' });
    expect(server.log().at(-1)).toBe('DELETE /api/v1/attachments/att-1');
    expect(server.files.size).toBe(0);
  });

  it('deletes the pending file when the completion fails', async () => {
    const server = serveAttachments();
    server.failNext('POST', '/complete', { status: 503 });
    await failureOf(uploadAttachment(SECRET_ID, fileOf(patterned(10))));
    expect(server.log().at(-1)).toBe('DELETE /api/v1/attachments/att-1');
    expect(server.files.size).toBe(0);
  });

  it('stops on cancel, deletes the pending file and PUTs nothing more', async () => {
    const server = serveAttachments();
    const controller = new AbortController();
    const error = await failureOf(
      uploadAttachment(SECRET_ID, fileOf(patterned(SIZE)), {
        signal: controller.signal,
        onProgress: (done) => {
          if (done > 0) controller.abort();
        },
      }),
    );
    expect(error).toMatchObject({ kind: 'cancelled', message: UPLOAD_CANCELLED_MESSAGE });
    expect(server.log()).toEqual([
      `POST /api/v1/secrets/${SECRET_ID}/attachments`,
      'PUT /api/v1/attachments/att-1/chunks/0',
      'DELETE /api/v1/attachments/att-1',
    ]);
    expect(server.files.size).toBe(0);
  });
});

describe('downloading a file', () => {
  async function uploaded(size = SIZE, readSize = 100_000) {
    const server = serveAttachments();
    server.readSize = readSize;
    const plain = patterned(size);
    const ref = await uploadAttachment(SECRET_ID, fileOf(plain));
    const stored = server.files.get(ref.id);
    if (!stored) throw new Error('not stored');
    return { server, plain, ref, stored };
  }

  it('streams, opens chunk by chunk across reads of any size, and answers the exact bytes', async () => {
    const { plain, ref } = await uploaded(SIZE, 99_991);
    const progress: number[] = [];
    const blob = await downloadAttachment(SECRET_ID, ref, { onProgress: (done) => progress.push(done) });
    expect(blob.type).toBe('application/x-pem-file');
    expect(sameBytes(await bytesOf(blob), plain)).toBe(true);
    expect(progress).toEqual([0, ATTACHMENT_CHUNK_BYTES, 2 * ATTACHMENT_CHUNK_BYTES, SIZE]);
  });

  it('opens an empty file', async () => {
    const { ref } = await uploaded(0);
    expect((await downloadAttachment(SECRET_ID, ref)).size).toBe(0);
  });

  const damages: Array<[string, (chunks: Uint8Array[]) => Uint8Array[]]> = [
    [
      'a flipped bit in a chunk',
      (chunks) =>
        chunks.map((chunk, index) => (index === 1 ? chunk.map((b, at) => (at === 40 ? b ^ 1 : b)) : chunk)),
    ],
    ['two chunks swapped', ([a, b, c]) => [b, a, c] as Uint8Array[]],
    ['the last chunk dropped', (chunks) => chunks.slice(0, -1)],
    [
      'the last byte cut off',
      (chunks) => [...chunks.slice(0, -1), (chunks.at(-1) as Uint8Array).slice(0, -1)],
    ],
    ['a byte too many', (chunks) => [...chunks, new Uint8Array([0])]],
    ['a chunk repeated in place of the next', ([a, _b, c]) => [a, a, c] as Uint8Array[]],
  ];

  it.each(damages)('refuses %s with the damaged message and gives no bytes', async (_what, damage) => {
    const { ref, stored } = await uploaded();
    stored.chunks = damage(stored.chunks);
    const error = await failureOf(downloadAttachment(SECRET_ID, ref));
    expect(error).toMatchObject({ kind: 'damaged', message: ATTACHMENT_DAMAGED_MESSAGE });
  });

  it('refuses a body announced at another length before reading it', async () => {
    const { server, ref, stored } = await uploaded(100);
    server.failNext('GET', ref.id, {
      body: concat(stored.chunks),
      headers: { 'Content-Length': String(100 + 28 - 1) },
    });
    expect((await failureOf(downloadAttachment(SECRET_ID, ref))).message).toBe(ATTACHMENT_DAMAGED_MESSAGE);
  });

  it("refuses another file's chunks served under this file's id", async () => {
    const { server, ref } = await uploaded(100);
    const other = await uploadAttachment(SECRET_ID, fileOf(patterned(100, 9)));
    const first = server.files.get(ref.id);
    const second = server.files.get(other.id);
    if (!first || !second) throw new Error('not stored');
    first.chunks = second.chunks;
    // Even with the other file's key, the chunk names another file.
    const error = await failureOf(downloadAttachment(SECRET_ID, { ...ref, key: other.key }));
    expect(error.message).toBe(ATTACHMENT_DAMAGED_MESSAGE);
  });

  it('refuses the file opened as part of another secret', async () => {
    const { ref } = await uploaded(100);
    const error = await failureOf(downloadAttachment('11111111-2222-4333-8444-555555555555', ref));
    expect(error.message).toBe(ATTACHMENT_DAMAGED_MESSAGE);
  });

  it('refuses a ref whose size says otherwise, or whose key is malformed, as damaged', async () => {
    const { ref } = await uploaded(100);
    const wrongSize: AttachmentRef = { ...ref, size: 99 };
    expect((await failureOf(downloadAttachment(SECRET_ID, wrongSize))).message).toBe(
      ATTACHMENT_DAMAGED_MESSAGE,
    );
    const badKey: AttachmentRef = { ...ref, key: 'short' };
    expect((await failureOf(downloadAttachment(SECRET_ID, badKey))).message).toBe(ATTACHMENT_DAMAGED_MESSAGE);
  });

  it("says the server's 404 for someone who cannot read the secret", async () => {
    const { server, ref } = await uploaded(100);
    server.failNext('GET', ref.id, { status: 404, body: { errors: ['Not found'] } });
    const error = await failureOf(downloadAttachment(SECRET_ID, ref));
    expect(error).toMatchObject({ kind: 'refused', message: 'Not found' });
  });
});
