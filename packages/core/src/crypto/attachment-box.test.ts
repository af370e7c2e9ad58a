import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_CHUNK_BYTES,
  ATTACHMENT_CHUNK_OVERHEAD,
  attachmentChunkCiphertextBytes,
  attachmentChunkCount,
  attachmentChunkPlainBytes,
} from '../constants/secret-extras-constants.js';
import {
  generateAttachmentKey,
  importAttachmentKey,
  openAttachmentChunk,
  sealAttachmentChunk,
} from './attachment-box.js';
import { base64ToBytes, bytesToHex } from './encoding.js';
import { attachmentChunkAdditionalData } from './suite-constants.js';
import { expectKind } from './testing/tamper.js';
import cofferJson from './vectors/coffer-suite1.json' with { type: 'json' };
import type { AttachmentChunkVector, SuiteVectors } from './vectors/suite-vectors.js';

const vectors: SuiteVectors = cofferJson;
const vector = vectors.attachment_chunk as AttachmentChunkVector;
const place = {
  secretId: vector.secret_id,
  attachmentId: vector.attachment_id,
  index: vector.index,
  count: vector.count,
};
const sealedVector = hexToBytes(vector.chunk_hex);
const OTHER_ID = '11111111-2222-4333-8444-555555555555';

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let at = 0; at < bytes.length; at += 1) bytes[at] = Number.parseInt(hex.slice(at * 2, at * 2 + 2), 16);
  return bytes;
}

function flipped(bytes: Uint8Array, index: number): Uint8Array {
  const copy = bytes.slice();
  const at = index < 0 ? copy.length + index : index;
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

/** Seals a file of `size` patterned bytes chunk by chunk, as the web client does. */
async function sealFile(
  size: number,
  key: string,
  secretId = place.secretId,
  attachmentId = place.attachmentId,
) {
  const plain = new Uint8Array(size).map((_, at) => (at * 31 + 7) & 0xff);
  const count = attachmentChunkCount(size);
  const chunks: Uint8Array[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = index * ATTACHMENT_CHUNK_BYTES;
    const part = plain.subarray(start, start + attachmentChunkPlainBytes(size, index));
    chunks.push(await sealAttachmentChunk({ secretId, attachmentId, index, count, key, plain: part }));
  }
  return { plain, chunks, count };
}

describe('the fixed attachment chunk vector', () => {
  it('states the additional data the suite builds', () => {
    expect(attachmentChunkAdditionalData(place.secretId, place.attachmentId, place.index, place.count)).toBe(
      vector.additional_data,
    );
  });

  it('is reproduced byte for byte from key, iv, place and plaintext', async () => {
    const sealed = await sealAttachmentChunk({
      ...place,
      key: vector.key_b64,
      plain: hexToBytes(vector.plaintext_hex),
      iv: hexToBytes(vector.iv_hex),
    });
    expect(bytesToHex(sealed)).toBe(vector.chunk_hex);
  });

  it('opens to the exact plaintext, with the base64 key or an imported one', async () => {
    const plain = await openAttachmentChunk({ ...place, key: vector.key_b64, sealed: sealedVector });
    expect(bytesToHex(plain)).toBe(vector.plaintext_hex);
    const imported = await importAttachmentKey(vector.key_b64);
    expect(imported.extractable).toBe(false);
    const again = await openAttachmentChunk({ ...place, key: imported, sealed: sealedVector });
    expect(bytesToHex(again)).toBe(vector.plaintext_hex);
  });
});

describe('tampered, moved, reordered and truncated chunks', () => {
  it.each([
    ['the iv', 0],
    ['the first ciphertext byte', 12],
    ['the last tag byte', -1],
    ['the first tag byte', -16],
  ])('refuse a flipped bit in %s', async (_where, index) => {
    await expectKind(
      openAttachmentChunk({ ...place, key: vector.key_b64, sealed: flipped(sealedVector, index) }),
      'integrity',
    );
  });

  it.each([
    ['another secret', { secretId: OTHER_ID }],
    ['another file', { attachmentId: OTHER_ID }],
    ['another position', { index: 0 }],
    ['a file with fewer chunks', { count: 2 }],
    ['a file with more chunks', { count: 4 }],
  ])('refuse a chunk moved to %s', async (_where, change) => {
    await expectKind(
      openAttachmentChunk({ ...place, ...change, key: vector.key_b64, sealed: sealedVector }),
      'integrity',
    );
  });

  it('refuse another file key', async () => {
    await expectKind(
      openAttachmentChunk({ ...place, key: generateAttachmentKey(), sealed: sealedVector }),
      'integrity',
    );
  });

  it.each([
    ['cut to its iv and tag', 28],
    ['cut below an iv and a tag', 27],
    ['empty', 0],
    ['missing its last byte', -1],
  ])('refuse a chunk %s', async (_what, length) => {
    const cut = sealedVector.slice(0, length < 0 ? sealedVector.length + length : length);
    await expectKind(openAttachmentChunk({ ...place, key: vector.key_b64, sealed: cut }), 'integrity');
  });

  it('refuse a malformed key as integrity, since opening never says which check failed', async () => {
    await expectKind(openAttachmentChunk({ ...place, key: 'not base64', sealed: sealedVector }), 'integrity');
  });

  it('refuse swapped chunks and a file whose last chunk was dropped', async () => {
    const key = generateAttachmentKey();
    const size = 2 * ATTACHMENT_CHUNK_BYTES + 5;
    const { chunks, count } = await sealFile(size, key);
    const [first, second, third] = chunks as [Uint8Array, Uint8Array, Uint8Array];
    await expectKind(openAttachmentChunk({ ...place, index: 0, count, key, sealed: second }), 'integrity');
    await expectKind(openAttachmentChunk({ ...place, index: 1, count, key, sealed: first }), 'integrity');
    // Dropping the last chunk and claiming two: the chunks were sealed as parts of three.
    await expectKind(openAttachmentChunk({ ...place, index: 1, count: 2, key, sealed: second }), 'integrity');
    const opened = await openAttachmentChunk({ ...place, index: 2, count, key, sealed: third });
    expect(opened).toHaveLength(5);
  });
});

describe('sealing', () => {
  it('round-trips a file of several chunks, each under a fresh iv', async () => {
    const key = generateAttachmentKey();
    const size = ATTACHMENT_CHUNK_BYTES + 1000;
    const { plain, chunks, count } = await sealFile(size, key);
    expect(count).toBe(2);
    expect(chunks.map((chunk) => chunk.length)).toEqual([
      attachmentChunkCiphertextBytes(size, 0),
      attachmentChunkCiphertextBytes(size, 1),
    ]);
    expect(bytesToHex(chunks[0]?.subarray(0, 12) ?? new Uint8Array())).not.toBe(
      bytesToHex(chunks[1]?.subarray(0, 12) ?? new Uint8Array()),
    );
    const opened = new Uint8Array(size);
    for (const [index, sealed] of chunks.entries()) {
      opened.set(
        await openAttachmentChunk({ ...place, index, count, key, sealed }),
        index * ATTACHMENT_CHUNK_BYTES,
      );
    }
    expect(bytesToHex(opened)).toBe(bytesToHex(plain));
  });

  it('seals an empty file as one chunk of iv and tag', async () => {
    const key = generateAttachmentKey();
    const { chunks, count } = await sealFile(0, key);
    expect(count).toBe(1);
    expect(chunks[0]).toHaveLength(ATTACHMENT_CHUNK_OVERHEAD);
    expect(
      await openAttachmentChunk({ ...place, index: 0, count, key, sealed: chunks[0] as Uint8Array }),
    ).toHaveLength(0);
  });

  it('makes 32-byte keys, a new one each time', () => {
    const first = generateAttachmentKey();
    expect(base64ToBytes(first)).toHaveLength(32);
    expect(generateAttachmentKey()).not.toBe(first);
  });

  it.each([
    ['an index past the count', { index: 3 }],
    ['a negative index', { index: -1 }],
    ['a fractional index', { index: 0.5 }],
    ['a count of zero', { count: 0, index: 0 }],
    ['an id holding a colon', { attachmentId: 'a:b' }],
  ])('refuses %s before sealing', async (_what, change) => {
    await expectKind(
      sealAttachmentChunk({ ...place, ...change, key: vector.key_b64, plain: new Uint8Array(1) }),
      'malformed',
    );
  });

  it('refuses a chunk longer than the chunk size', async () => {
    const plain = new Uint8Array(ATTACHMENT_CHUNK_BYTES + 1);
    await expectKind(sealAttachmentChunk({ ...place, key: vector.key_b64, plain }), 'malformed');
  });
});
