import { assertKdfIterations } from './account-keys.js';
import { decryptAesGcm, encryptAesGcm } from './aes-gcm-cipher.js';
import { type Bytes, base64ToBytes, bytesToBase64, bytesToHex } from './encoding.js';
import { CryptoError, failAsIntegrity } from './errors.js';
import { randomBytes } from './random-values.js';
import { GCM_IV_BYTES, privateKeyAdditionalData, RSA_MODULUS_BITS } from './suite-constants.js';

/** A freshly made key pair: the public half ready to send, the private half still extractable for sealing. */
export interface UserKeyPair {
  /** Base64 of the SPKI DER. */
  publicKey: string;
  privateKey: CryptoKey;
}

/** The private key as the server stores it, with the iterations it was sealed under. */
export interface SealedPrivateKey {
  encrypted_private_key: string;
  private_key_iv: string;
}

/** What openPrivateKey needs from the server's user record. */
export interface StoredPrivateKey extends SealedPrivateKey {
  kdf_iterations: number;
}

const RSA_OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
// The same key pair also signs a key rotation (key-rotation.ts): RSA-PSS with SHA-256.
const RSA_PSS = { name: 'RSA-PSS', hash: 'SHA-256' } as const;
const PUBLIC_EXPONENT = new Uint8Array([1, 0, 1]);

/** Makes a user's RSA-OAEP-3072 (e = 65537, SHA-256) key pair, at registration or after an admin reset. */
export async function generateUserKeyPair(): Promise<UserKeyPair> {
  const pair = await crypto.subtle.generateKey(
    { ...RSA_OAEP, modulusLength: RSA_MODULUS_BITS, publicExponent: PUBLIC_EXPONENT },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return { publicKey: bytesToBase64(spki), privateKey: pair.privateKey };
}

/**
 * Seals an extractable private key under the account's encryption key, binding the iterations as
 * additional data. A fresh iv is drawn unless one is given (fixed vectors only).
 */
export async function sealPrivateKey(
  privateKey: CryptoKey,
  encryptionKey: CryptoKey,
  iterations: number,
  iv: Uint8Array = randomBytes(GCM_IV_BYTES),
): Promise<SealedPrivateKey> {
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', privateKey));
  try {
    const sealed = await encryptAesGcm(encryptionKey, iv, pkcs8, privateKeyAdditionalData(iterations));
    return { encrypted_private_key: bytesToBase64(sealed), private_key_iv: bytesToBase64(iv) };
  } finally {
    pkcs8.fill(0);
  }
}

/**
 * Opens the stored private key as a non-extractable RSA-OAEP key that can only decrypt. Iterations
 * below the floor are refused before anything else; every other failure is 'integrity'.
 */
export async function openPrivateKey(stored: StoredPrivateKey, encryptionKey: CryptoKey): Promise<CryptoKey> {
  return withPkcs8(stored, encryptionKey, importUnwrappingKey);
}

/**
 * Opens the same sealed private key as a non-extractable RSA-PSS key that can only sign, for the one
 * signature a key rotation needs (key-rotation.ts). Failures are those of openPrivateKey.
 */
export async function openSigningKey(stored: StoredPrivateKey, encryptionKey: CryptoKey): Promise<CryptoKey> {
  return withPkcs8(stored, encryptionKey, importSigningKey);
}

/** A PKCS#8 private key as the key store keeps it to unwrap: non-extractable RSA-OAEP, decrypt only. */
export function importUnwrappingKey(pkcs8: BufferSource): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', pkcs8, RSA_OAEP, false, ['decrypt']);
}

/** The same PKCS#8 private key as the key store keeps it to sign: non-extractable RSA-PSS, sign only. */
export function importSigningKey(pkcs8: BufferSource): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', pkcs8, RSA_PSS, false, ['sign']);
}

/**
 * Re-seals the same private key under a new encryption key and iteration count, for a password or
 * e-mail change: the opened key is non-extractable, so the PKCS#8 goes from one seal to the other here.
 */
export async function resealPrivateKey(
  stored: StoredPrivateKey,
  currentEncryptionKey: CryptoKey,
  nextEncryptionKey: CryptoKey,
  nextIterations: number,
  iv: Uint8Array = randomBytes(GCM_IV_BYTES),
): Promise<SealedPrivateKey> {
  assertKdfIterations(nextIterations);
  if (iv.length !== GCM_IV_BYTES) throw new CryptoError('malformed');
  return withPkcs8(stored, currentEncryptionKey, async (pkcs8) => {
    const sealed = await encryptAesGcm(
      nextEncryptionKey,
      iv,
      pkcs8,
      privateKeyAdditionalData(nextIterations),
    );
    return { encrypted_private_key: bytesToBase64(sealed), private_key_iv: bytesToBase64(iv) };
  });
}

// Decrypts the PKCS#8 for one use and zeroes it afterwards; every failure after the floor is 'integrity'.
async function withPkcs8<T>(
  stored: StoredPrivateKey,
  encryptionKey: CryptoKey,
  use: (pkcs8: Bytes) => Promise<T>,
): Promise<T> {
  assertKdfIterations(stored.kdf_iterations);
  return failAsIntegrity(async () => {
    const iv = base64ToBytes(stored.private_key_iv);
    const sealed = base64ToBytes(stored.encrypted_private_key);
    const additionalData = privateKeyAdditionalData(stored.kdf_iterations);
    const pkcs8 = await decryptAesGcm(encryptionKey, iv, sealed, additionalData);
    try {
      return await use(pkcs8);
    } finally {
      pkcs8.fill(0);
    }
  });
}

/** Imports a user's base64 SPKI public key for wrapping; refuses anything but a suite-1 RSA key. */
export function importPublicKey(publicKey: string): Promise<CryptoKey> {
  return importSuiteKey(publicKey, RSA_OAEP, 'encrypt');
}

/** Imports a user's base64 SPKI public key to verify an RSA-PSS signature; suite-1 RSA keys only. */
export function importVerifyingKey(publicKey: string): Promise<CryptoKey> {
  return importSuiteKey(publicKey, RSA_PSS, 'verify');
}

async function importSuiteKey(
  publicKey: string,
  algorithm: RsaHashedImportParams,
  usage: 'encrypt' | 'verify',
): Promise<CryptoKey> {
  const spki = base64ToBytes(publicKey);
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('spki', spki, algorithm, true, [usage]);
  } catch {
    throw new CryptoError('malformed');
  }
  if (!isSuiteRsaKey(key.algorithm)) throw new CryptoError('malformed');
  return key;
}

/** SHA-256 of the SPKI as lower-case hex in groups of four, for comparing keys out of band. */
export async function publicKeyFingerprint(publicKey: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', base64ToBytes(publicKey)));
  return bytesToHex(digest).replace(/(.{4})(?!$)/g, '$1 ');
}

// A malicious server could serve a weak key; suite 1 wraps only for 3072-bit keys with e = 65537.
function isSuiteRsaKey(algorithm: KeyAlgorithm): boolean {
  const rsa = algorithm as RsaHashedKeyAlgorithm;
  const exponent = rsa.publicExponent ? bytesToHex(rsa.publicExponent).replace(/^0+/, '') : '';
  return rsa.modulusLength === RSA_MODULUS_BITS && exponent === '10001';
}
