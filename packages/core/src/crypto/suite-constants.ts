import { CryptoError } from './errors.js';

/** The number of the crypto suite described in crypto.md; any parameter change makes a new one. */
export const CRYPTO_SUITE = 1;
/** The client never derives or opens a private key with fewer PBKDF2 iterations, whatever the server says. */
export const MIN_KDF_ITERATIONS = 600_000;
/** Iterations for every new account (OWASP's figure for PBKDF2-HMAC-SHA256). */
export const DEFAULT_KDF_ITERATIONS = 600_000;
/** Modulus size of every user's RSA-OAEP key pair. */
export const RSA_MODULUS_BITS = 3072;
/** Size of a secret key and of the account's derived keys, in bytes (AES-256). */
export const SYMMETRIC_KEY_BYTES = 32;
/** Size of every AES-GCM iv, in bytes. */
export const GCM_IV_BYTES = 12;

/** HKDF info of the account's encryption key. */
export const ENCRYPTION_KEY_INFO = `coffer:enc:${CRYPTO_SUITE}`;
/** HKDF info of the account's auth hash. */
export const AUTH_HASH_INFO = `coffer:auth:${CRYPTO_SUITE}`;

/** Additional data of the sealed private key: binds the iterations, so a changed figure fails to open. */
export function privateKeyAdditionalData(iterations: number): string {
  requirePositiveInteger(iterations);
  return `coffer:private-key:${CRYPTO_SUITE}:${iterations}`;
}

/** Additional data of a secret's payload: binds it to its secret and revision. */
export function secretAdditionalData(secretId: string, revision: number): string {
  requirePositiveInteger(revision);
  return `coffer:secret:${CRYPTO_SUITE}:${secretId}:${revision}`;
}

/**
 * Additional data of one chunk of an attachment: binds it to its secret, its file, its place in the
 * file and the file's chunk count, so a chunk moved to another secret, file or position, a file cut
 * short and chunks put in another order all fail to open.
 */
export function attachmentChunkAdditionalData(
  secretId: string,
  attachmentId: string,
  index: number,
  count: number,
): string {
  requireNonNegativeInteger(index);
  requirePositiveInteger(count);
  // ':' separates the parts: an id holding one could pass for another split of the same text.
  if (secretId.includes(':') || attachmentId.includes(':')) throw new CryptoError('malformed');
  if (index >= count) throw new CryptoError('malformed');
  return `coffer:attachment:${CRYPTO_SUITE}:${secretId}:${attachmentId}:${index}:${count}`;
}

/** RSA-OAEP label of a wrapped secret key: binds it to its secret and its user. */
export function wrappedKeyLabel(secretId: string, userId: string): string {
  return `coffer:key:${CRYPTO_SUITE}:${secretId}:${userId}`;
}

// A number such as 1.5 or 1e21 would print differently in other languages and break interoperability.
function requirePositiveInteger(value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new CryptoError('malformed');
}

function requireNonNegativeInteger(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new CryptoError('malformed');
}
