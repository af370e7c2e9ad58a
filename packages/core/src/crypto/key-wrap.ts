import { type Bytes, base64ToBytes, bytesToBase64, toBufferSource, utf8Encode } from './encoding.js';
import { CryptoError, failAsIntegrity } from './errors.js';
import { importPublicKey } from './key-pair.js';
import { SYMMETRIC_KEY_BYTES, wrappedKeyLabel } from './suite-constants.js';

/** Whose wrapped key this is: the label binds it to exactly this secret and user. */
export interface WrappedKeyPlace {
  secretId: string;
  userId: string;
}

/** Wraps a secret key for one user's public key (RSA-OAEP-SHA256); returns the base64 `encrypted_value`. */
export async function wrapSecretKey(
  secretKey: Uint8Array,
  publicKey: CryptoKey | string,
  { secretId, userId }: WrappedKeyPlace,
): Promise<string> {
  if (secretKey.length !== SYMMETRIC_KEY_BYTES) throw new CryptoError('malformed');
  const key = typeof publicKey === 'string' ? await importPublicKey(publicKey) : publicKey;
  const wrapped = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP', label: utf8Encode(wrappedKeyLabel(secretId, userId)) },
    key,
    toBufferSource(secretKey),
  );
  return bytesToBase64(new Uint8Array(wrapped));
}

/**
 * Unwraps a secret key with the user's (non-extractable) private key. A wrong key, another secret's or
 * user's label, a flipped bit or a result that is not 32 bytes are all 'integrity'.
 */
export async function unwrapSecretKey(
  encryptedValue: string,
  privateKey: CryptoKey,
  { secretId, userId }: WrappedKeyPlace,
): Promise<Bytes> {
  const secretKey = await failAsIntegrity(async () => {
    const label = utf8Encode(wrappedKeyLabel(secretId, userId));
    const plain = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP', label },
      privateKey,
      base64ToBytes(encryptedValue),
    );
    return new Uint8Array(plain);
  });
  if (secretKey.length !== SYMMETRIC_KEY_BYTES) {
    secretKey.fill(0);
    throw new CryptoError('integrity');
  }
  return secretKey;
}
