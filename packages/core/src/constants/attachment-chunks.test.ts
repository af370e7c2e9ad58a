import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_CHUNK_BYTES,
  ATTACHMENT_CHUNK_OVERHEAD,
  ATTACHMENT_MAX_BYTES,
  attachmentChunkCiphertextBytes,
  attachmentChunkCount,
  attachmentChunkPlainBytes,
  attachmentCiphertextBytes,
} from './secret-extras-constants.js';

// The chunk arithmetic client and server share: the server refuses any chunk whose length is not
// the one these give, so both sides must agree to the byte.
describe('attachment chunks', () => {
  it('gives each chunk its plaintext: full chunks, then the rest', () => {
    expect(attachmentChunkPlainBytes(ATTACHMENT_CHUNK_BYTES + 1, 0)).toBe(ATTACHMENT_CHUNK_BYTES);
    expect(attachmentChunkPlainBytes(ATTACHMENT_CHUNK_BYTES + 1, 1)).toBe(1);
    expect(attachmentChunkPlainBytes(0, 0)).toBe(0);
  });

  it('seals an empty file as one chunk of 28 bytes', () => {
    expect(attachmentChunkCount(0)).toBe(1);
    expect(attachmentChunkCiphertextBytes(0, 0)).toBe(28);
    expect(attachmentCiphertextBytes(0)).toBe(28);
  });

  it('fills every chunk but the last', () => {
    const size = 2 * ATTACHMENT_CHUNK_BYTES + 5;
    expect(attachmentChunkCount(size)).toBe(3);
    expect([0, 1, 2].map((index) => attachmentChunkCiphertextBytes(size, index))).toEqual([
      ATTACHMENT_CHUNK_BYTES + 28,
      ATTACHMENT_CHUNK_BYTES + 28,
      5 + 28,
    ]);
    expect(attachmentCiphertextBytes(size)).toBe(size + 3 * ATTACHMENT_CHUNK_OVERHEAD);
  });

  it('has no short last chunk when the size is a whole number of chunks', () => {
    expect(attachmentChunkCount(ATTACHMENT_CHUNK_BYTES)).toBe(1);
    expect(attachmentChunkCount(ATTACHMENT_CHUNK_BYTES + 1)).toBe(2);
    expect(attachmentChunkCount(ATTACHMENT_MAX_BYTES)).toBe(10);
    expect(attachmentChunkCiphertextBytes(ATTACHMENT_MAX_BYTES, 9)).toBe(ATTACHMENT_CHUNK_BYTES + 28);
  });
});
