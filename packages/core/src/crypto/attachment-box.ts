import { ATTACHMENT_CHUNK_BYTES, ATTACHMENT_CHUNK_OVERHEAD } from '../constants/secret-extras-constants.js';
import { decryptAesGcm, encryptAesGcm, importAesKey } from './aes-gcm-cipher.js';
import { type Bytes, base64ToBytes, bytesToBase64 } from './encoding.js';
import { CryptoError, failAsIntegrity } from './errors.js';
import { randomBytes } from './random-values.js';
import { attachmentChunkAdditionalData, GCM_IV_BYTES, SYMMETRIC_KEY_BYTES } from './suite-constants.js';

/** Where a chunk belongs: its secret, its file, its position and the file's number of chunks. */
export interface AttachmentChunkPlace {
  secretId: string;
  attachmentId: string;
  index: number;
  count: number;
}

/**
 * A file key: base64 as the payload's AttachmentRef stores it, or already imported once with
 * importAttachmentKey (a file's chunks then share one import).
 */
export type AttachmentKey = string | CryptoKey;

/** Input of sealAttachmentChunk; iv only for fixed vectors, every real chunk draws a fresh one. */
export interface SealAttachmentChunkInput extends AttachmentChunkPlace {
  key: AttachmentKey;
  plain: Uint8Array;
  iv?: Uint8Array;
}

/** Input of openAttachmentChunk: the stored chunk (`iv || ciphertext+tag`) and where it claims to belong. */
export interface OpenAttachmentChunkInput extends AttachmentChunkPlace {
  key: AttachmentKey;
  sealed: Uint8Array;
}

/** Makes a file's key: 32 random bytes, base64, made once per file and kept in the secret's payload. */
export function generateAttachmentKey(): string {
  const key = randomBytes(SYMMETRIC_KEY_BYTES);
  try {
    return bytesToBase64(key);
  } finally {
    key.fill(0);
  }
}

/** Imports a file key (base64, 32 bytes) as a non-extractable AES-256-GCM key; anything else is 'malformed'. */
export async function importAttachmentKey(key: string): Promise<CryptoKey> {
  const raw = base64ToBytes(key);
  try {
    return await importAesKey(raw);
  } finally {
    raw.fill(0);
  }
}

/**
 * Seals one chunk with AES-256-GCM under the file key, its additional data binding suite, secret,
 * file, index and count. Answers `iv(12) || ciphertext+tag`.
 */
export async function sealAttachmentChunk({
  secretId,
  attachmentId,
  index,
  count,
  key,
  plain,
  iv = randomBytes(GCM_IV_BYTES),
}: SealAttachmentChunkInput): Promise<Bytes> {
  if (plain.length > ATTACHMENT_CHUNK_BYTES) throw new CryptoError('malformed');
  const additionalData = attachmentChunkAdditionalData(secretId, attachmentId, index, count);
  const cryptoKey = typeof key === 'string' ? await importAttachmentKey(key) : key;
  const sealed = await encryptAesGcm(cryptoKey, iv, plain, additionalData);
  const chunk = new Uint8Array(GCM_IV_BYTES + sealed.length);
  chunk.set(iv, 0);
  chunk.set(sealed, GCM_IV_BYTES);
  return chunk;
}

/**
 * Opens one chunk; any failure at all (a flipped bit, another place, a wrong key, a chunk too short
 * to hold an iv and a tag) is 'integrity', so the caller gives no bytes of a damaged file.
 */
export async function openAttachmentChunk({
  secretId,
  attachmentId,
  index,
  count,
  key,
  sealed,
}: OpenAttachmentChunkInput): Promise<Bytes> {
  return failAsIntegrity(async () => {
    if (sealed.length < ATTACHMENT_CHUNK_OVERHEAD) throw new CryptoError('integrity');
    const additionalData = attachmentChunkAdditionalData(secretId, attachmentId, index, count);
    const cryptoKey = typeof key === 'string' ? await importAttachmentKey(key) : key;
    const iv = sealed.subarray(0, GCM_IV_BYTES);
    return decryptAesGcm(cryptoKey, iv, sealed.subarray(GCM_IV_BYTES), additionalData);
  });
}
