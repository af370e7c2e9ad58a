import { type Bytes, bytesToBase64, toBufferSource, utf8Encode } from './encoding.js';
import { CryptoError } from './errors.js';
import { AUTH_HASH_INFO, ENCRYPTION_KEY_INFO, MIN_KDF_ITERATIONS } from './suite-constants.js';

/** What the browser derives from the password: the root key never leaves it, the auth hash goes to the server. */
export interface AccountKeys {
  rootKey: Bytes;
  /** Non-extractable AES-256-GCM key that seals the user's private key. */
  encryptionKey: CryptoKey;
  /** Base64; sent wherever the specification asks for the derived password hash. */
  authHash: string;
}

/** Input of deriveAccountKeys; the iterations come from the account (or prelogin) and are checked here. */
export interface AccountKeyInput {
  email: string;
  password: string;
  iterations: number;
}

const DERIVED_BITS = 256;
const EMPTY_SALT = new Uint8Array(0);

/** The PBKDF2 salt: the e-mail, trimmed and lower-cased, so that sign-in works however it was typed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Refuses iteration counts below the client's floor, so a malicious server cannot downgrade the derivation. */
export function assertKdfIterations(iterations: number): void {
  if (!Number.isSafeInteger(iterations) || iterations < MIN_KDF_ITERATIONS) {
    throw new CryptoError('iterations-too-low');
  }
}

/** Derives the root key, the encryption key and the auth hash from e-mail and password (crypto.md, account keys). */
export async function deriveAccountKeys({
  email,
  password,
  iterations,
}: AccountKeyInput): Promise<AccountKeys> {
  assertKdfIterations(iterations);
  const rootKey = await deriveRootKey(email, password, iterations);
  const [encryptionKey, authHash] = await Promise.all([
    deriveEncryptionKey(rootKey),
    deriveAuthHash(rootKey),
  ]);
  return { rootKey, encryptionKey, authHash };
}

/** The encryption key as raw bytes; only for test vectors, the app uses the non-extractable key. */
export async function deriveEncryptionKeyBytes(rootKey: Uint8Array): Promise<Bytes> {
  return expandRootKey(rootKey, ENCRYPTION_KEY_INFO);
}

/** The auth hash (base64) that stands in for the password in every authenticated call. */
export async function deriveAuthHash(rootKey: Uint8Array): Promise<string> {
  return bytesToBase64(await expandRootKey(rootKey, AUTH_HASH_INFO));
}

async function deriveRootKey(email: string, password: string, iterations: number): Promise<Bytes> {
  const passwordKey = await crypto.subtle.importKey('raw', utf8Encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: utf8Encode(normaliseEmail(email)), iterations },
    passwordKey,
    DERIVED_BITS,
  );
  return new Uint8Array(bits);
}

async function deriveEncryptionKey(rootKey: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(
    hkdfParams(ENCRYPTION_KEY_INFO),
    await importHkdfKey(rootKey),
    { name: 'AES-GCM', length: DERIVED_BITS },
    false,
    ['encrypt', 'decrypt'],
  );
}

async function expandRootKey(rootKey: Uint8Array, info: string): Promise<Bytes> {
  const bits = await crypto.subtle.deriveBits(hkdfParams(info), await importHkdfKey(rootKey), DERIVED_BITS);
  return new Uint8Array(bits);
}

async function importHkdfKey(rootKey: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', toBufferSource(rootKey), 'HKDF', false, ['deriveBits', 'deriveKey']);
}

function hkdfParams(info: string): HkdfParams {
  return { name: 'HKDF', hash: 'SHA-256', salt: EMPTY_SALT, info: utf8Encode(info) };
}
