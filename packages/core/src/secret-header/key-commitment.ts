import { base64ToBytes, bytesToBase64, utf8Encode } from '../crypto/encoding.js';
import { CryptoError } from '../crypto/errors.js';
import { GCM_IV_BYTES, SYMMETRIC_KEY_BYTES } from '../crypto/suite-constants.js';

/*
 * The two digests a secret header carries (docs/crypto.md, "Signed secret headers (suite 2)").
 */

/** First line of the key commitment's message. */
export const KEY_COMMIT_DOMAIN = 'coffer-key-commit/v2';

/**
 * Commits to a secret's key: base64 HMAC-SHA-256, keyed with the 32 key bytes, of the UTF-8 of
 * `coffer-key-commit/v2\n{id}\n{rev}`. A key the server made cannot give the author's value, and the
 * id and revision keep a commitment from being moved to another secret or revision.
 */
export async function keyCommitment(secretKey: Uint8Array, id: string, rev: number): Promise<string> {
  if (secretKey.length !== SYMMETRIC_KEY_BYTES) throw new CryptoError('malformed');
  if (id.length === 0 || id.includes('\n')) throw new CryptoError('malformed');
  if (!Number.isSafeInteger(rev) || rev < 1) throw new CryptoError('malformed');
  const key = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(secretKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, utf8Encode(`${KEY_COMMIT_DOMAIN}\n${id}\n${rev}`));
  return bytesToBase64(new Uint8Array(mac));
}

/**
 * The hash of a stored payload: base64 SHA-256 of the IV's bytes followed by the ciphertext's bytes
 * (AES-GCM's output, tag included), each decoded from the base64 the record holds. The IV is always
 * 12 bytes (suite 1's GCM_IV_BYTES), so the join is unambiguous; anything else is 'malformed'.
 */
export async function dataHash(encryptionIv: string, encryptedData: string): Promise<string> {
  const iv = base64ToBytes(encryptionIv);
  const data = base64ToBytes(encryptedData);
  if (iv.length !== GCM_IV_BYTES) throw new CryptoError('malformed');
  const joined = new Uint8Array(iv.length + data.length);
  joined.set(iv, 0);
  joined.set(data, iv.length);
  const digest = await crypto.subtle.digest('SHA-256', joined);
  return bytesToBase64(new Uint8Array(digest));
}
