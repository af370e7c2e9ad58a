import { type Bytes, toBufferSource, utf8Encode } from './encoding.js';
import { CryptoError } from './errors.js';
import { GCM_IV_BYTES, SYMMETRIC_KEY_BYTES } from './suite-constants.js';

// AES-GCM's default and only tag size in suite 1: 128 bits, appended to the ciphertext.
const TAG_BITS = 128;

/** Imports 32 raw bytes as a non-extractable AES-256-GCM key. */
export async function importAesKey(raw: Uint8Array): Promise<CryptoKey> {
  if (raw.length !== SYMMETRIC_KEY_BYTES) throw new CryptoError('malformed');
  return crypto.subtle.importKey('raw', toBufferSource(raw), { name: 'AES-GCM' }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** Encrypts with AES-256-GCM; returns ciphertext followed by the tag. */
export async function encryptAesGcm(
  key: CryptoKey,
  iv: Uint8Array,
  plaintext: Uint8Array,
  additionalData: string,
): Promise<Bytes> {
  if (iv.length !== GCM_IV_BYTES) throw new CryptoError('malformed');
  const sealed = await crypto.subtle.encrypt(
    {
      name: 'AES-GCM',
      iv: toBufferSource(iv),
      additionalData: utf8Encode(additionalData),
      tagLength: TAG_BITS,
    },
    key,
    toBufferSource(plaintext),
  );
  return new Uint8Array(sealed);
}

/** Decrypts AES-256-GCM ciphertext and tag; a wrong key, iv, additional data or any flipped bit is 'integrity'. */
export async function decryptAesGcm(
  key: CryptoKey,
  iv: Uint8Array,
  sealed: Uint8Array,
  additionalData: string,
): Promise<Bytes> {
  if (iv.length !== GCM_IV_BYTES) throw new CryptoError('integrity');
  try {
    const plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: toBufferSource(iv),
        additionalData: utf8Encode(additionalData),
        tagLength: TAG_BITS,
      },
      key,
      toBufferSource(sealed),
    );
    return new Uint8Array(plaintext);
  } catch {
    throw new CryptoError('integrity');
  }
}
