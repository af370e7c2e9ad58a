// The attachment-transfer benchmark's page, served by the real server. It signs in with the web app's
// own flow, then moves one 10 MB file up and down three ways, each through the real attachment routes:
// `app` is the web app's uploadAttachment / downloadAttachment (File read slice by slice, core's
// sealAttachmentChunk / openAttachmentChunk, the API client, the streamed body cut into chunks, a
// Blob at the end); the floor is the same requests carrying random bytes of the very same lengths
// with no crypto at all (`plainUp`, `plainDown`), plus bare WebCrypto AES-GCM over the same chunks
// with the same additional data (`bareSeal`, `bareOpen`), timed on their own.
import {
  ATTACHMENT_CHUNK_BYTES,
  ATTACHMENT_MAX_BYTES,
  attachmentChunkCiphertextBytes,
  attachmentChunkCount,
  attachmentChunkPlainBytes,
} from '@coffer/core';
import { getToken } from '@coffer/web-src/api/token-store.js';
import { downloadAttachment, uploadAttachment } from '@coffer/web-src/crypto-client/attachment-transfer.js';
import { publishBench, signIn } from '../bench-kit.js';

const SIZE = ATTACHMENT_MAX_BYTES;
const COUNT = attachmentChunkCount(SIZE);
const encoder = new TextEncoder();

/** One round's durations in milliseconds. */
interface Round {
  appUp: number;
  appDown: number;
  plainUp: number;
  plainDown: number;
  bareSeal: number;
  bareOpen: number;
}

function headers(extra: Record<string, string> = {}): Headers {
  return new Headers({ Accept: 'application/json', Authorization: `Bearer ${getToken() ?? ''}`, ...extra });
}

async function call(method: string, path: string, body?: BodyInit, type?: string): Promise<Response> {
  const response = await fetch(path, {
    method,
    headers: headers(type ? { 'Content-Type': type } : {}),
    ...(body === undefined ? {} : { body }),
  });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}`);
  return response;
}

async function createPlain(secretId: string): Promise<string> {
  const response = await call(
    'POST',
    `/api/v1/secrets/${secretId}/attachments`,
    JSON.stringify({ size: SIZE, chunk_count: COUNT }),
    'application/json',
  );
  return ((await response.json()) as { attachment: { id: string } }).attachment.id;
}

/** The floor's upload: the same create, PUTs and complete, random bytes of the sealed chunks' lengths. */
async function uploadPlain(secretId: string, chunks: readonly Uint8Array<ArrayBuffer>[]): Promise<string> {
  const id = await createPlain(secretId);
  for (const [index, chunk] of chunks.entries()) {
    await call('PUT', `/api/v1/attachments/${id}/chunks/${index}`, chunk, 'application/octet-stream');
  }
  await call('POST', `/api/v1/attachments/${id}/complete`);
  return id;
}

/** The floor's download: the same GET, the whole body read. */
async function downloadPlain(id: string): Promise<ArrayBuffer> {
  return (await call('GET', `/api/v1/attachments/${id}`)).arrayBuffer();
}

function additionalData(secretId: string, attachmentId: string, index: number): Uint8Array<ArrayBuffer> {
  return encoder.encode(`coffer:attachment:1:${secretId}:${attachmentId}:${index}:${COUNT}`);
}

/** Bare WebCrypto: the file's bytes, then AES-GCM over each chunk with a fresh iv. */
async function bareSeal(file: File, key: CryptoKey, secretId: string, attachmentId: string): Promise<number> {
  const plain = new Uint8Array(await file.arrayBuffer());
  let total = 0;
  for (let index = 0; index < COUNT; index += 1) {
    const start = index * ATTACHMENT_CHUNK_BYTES;
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: additionalData(secretId, attachmentId, index) },
      key,
      plain.subarray(start, start + attachmentChunkPlainBytes(SIZE, index)),
    );
    total += sealed.byteLength + iv.length;
  }
  return total;
}

/** Bare WebCrypto: AES-GCM open of each chunk of a fetched body, then one Blob. */
async function bareOpen(
  body: ArrayBuffer,
  key: CryptoKey,
  secretId: string,
  attachmentId: string,
): Promise<Blob> {
  const bytes = new Uint8Array(body);
  const parts: ArrayBuffer[] = [];
  let at = 0;
  for (let index = 0; index < COUNT; index += 1) {
    const length = attachmentChunkCiphertextBytes(SIZE, index);
    const chunk = bytes.subarray(at, at + length);
    at += length;
    parts.push(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: chunk.subarray(0, 12),
          additionalData: additionalData(secretId, attachmentId, index),
        },
        key,
        chunk.subarray(12),
      ),
    );
  }
  return new Blob(parts);
}

async function digest(data: Blob | ArrayBuffer): Promise<string> {
  const bytes = data instanceof Blob ? await data.arrayBuffer() : data;
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function timed<T>(act: () => Promise<T>): Promise<[T, number]> {
  const startedAt = performance.now();
  const result = await act();
  return [result, performance.now() - startedAt];
}

function randomChunks(): Uint8Array<ArrayBuffer>[] {
  return Array.from({ length: COUNT }, (_, index) => {
    const chunk = new Uint8Array(attachmentChunkCiphertextBytes(SIZE, index));
    // getRandomValues fills at most 65,536 bytes a call.
    for (let at = 0; at < chunk.length; at += 65_536) crypto.getRandomValues(chunk.subarray(at, at + 65_536));
    return chunk;
  });
}

/**
 * The first of `secretIds` the signed-in user may attach files to: each is asked once (a 1-byte
 * announcement, deleted again) until one answers 201.
 */
async function findSecret(secretIds: string[]): Promise<string> {
  for (const secretId of secretIds) {
    const response = await fetch(`/api/v1/secrets/${secretId}/attachments`, {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ size: 1, chunk_count: 1 }),
    });
    if (response.status !== 201) continue;
    const { attachment } = (await response.json()) as { attachment: { id: string } };
    await call('DELETE', `/api/v1/attachments/${attachment.id}`);
    return secretId;
  }
  throw new Error(`none of ${secretIds.length} secrets takes attachments from this user`);
}

/**
 * Runs `warmup` unrecorded rounds, then `rounds` recorded ones on one secret. Each round uploads and
 * downloads the same 10 MB of random bytes with the app and with the plain floor (which of the two
 * goes first alternates), times bare WebCrypto over the same chunks, checks that the app gave the
 * file back byte for byte, and deletes every file it made.
 */
async function measure(secretIds: string[], warmup: number, rounds: number): Promise<Round[]> {
  const secretId = await findSecret(secretIds);
  const content = new Uint8Array(SIZE);
  for (let at = 0; at < SIZE; at += 65_536) crypto.getRandomValues(content.subarray(at, at + 65_536));
  const file = new File([content], 'bench.bin', { type: 'application/octet-stream' });
  const expected = await digest(content.buffer);
  const plainChunks = randomChunks();
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const results: Round[] = [];
  for (let round = 0; round < warmup + rounds; round += 1) {
    const times: Partial<Round> = {};
    const app = async () => {
      const [ref, up] = await timed(() => uploadAttachment(secretId, file));
      const [blob, down] = await timed(() => downloadAttachment(secretId, ref));
      if ((await digest(blob)) !== expected) throw new Error('the app gave back other bytes');
      const body = await downloadPlain(ref.id);
      // Bare WebCrypto over the app's real chunks: its own seal of the file, and an open of what it fetched.
      const [, seal] = await timed(() => bareSeal(file, key, secretId, ref.id));
      const [, open] = await timed(async () =>
        bareOpen(body, await importFileKey(ref.key), secretId, ref.id),
      );
      await call('DELETE', `/api/v1/attachments/${ref.id}`);
      Object.assign(times, { appUp: up, appDown: down, bareSeal: seal, bareOpen: open });
    };
    const plain = async () => {
      const [id, up] = await timed(() => uploadPlain(secretId, plainChunks));
      const [body, down] = await timed(() => downloadPlain(id));
      if (body.byteLength !== SIZE + COUNT * 28) throw new Error('the floor fetched another length');
      await call('DELETE', `/api/v1/attachments/${id}`);
      Object.assign(times, { plainUp: up, plainDown: down });
    };
    const order = round % 2 === 0 ? [app, plain] : [plain, app];
    for (const step of order) await step();
    if (round >= warmup) results.push(times as Round);
  }
  return results;
}

function importFileKey(base64: string): Promise<CryptoKey> {
  const raw = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
}

publishBench('attachmentTransferBench', { signIn, measure });
