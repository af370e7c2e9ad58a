import { decryptAesGcm, encryptAesGcm, importAesKey } from './aes-gcm-cipher.js';
import { type Bytes, base64ToBytes, bytesToBase64, utf8Decode, utf8Encode } from './encoding.js';
import { CryptoError, failAsIntegrity } from './errors.js';
import { randomBytes } from './random-values.js';
import { GCM_IV_BYTES, SYMMETRIC_KEY_BYTES, secretAdditionalData } from './suite-constants.js';

/** A secret's payload as the server stores it. */
export interface SealedSecret {
  encrypted_data: string;
  encryption_iv: string;
}

/** Where a sealed payload belongs: the additional data binds it to exactly this secret and revision. */
export interface SecretPlace {
  secretId: string;
  revision: number;
}

/** Input of sealSecret; iv only for fixed vectors, every real save draws a fresh one. */
export interface SealSecretInput extends SecretPlace {
  payload: object;
  secretKey: Uint8Array;
  iv?: Uint8Array;
}

/** Input of openSecret: the stored payload and where it claims to belong. */
export interface OpenSecretInput extends SecretPlace, SealedSecret {}

/** Makes a secret's key: 32 random bytes, made once per secret and kept across edits. */
export function generateSecretKey(): Bytes {
  return randomBytes(SYMMETRIC_KEY_BYTES);
}

/** Encrypts a secret's payload (JSON, UTF-8) with AES-256-GCM under a fresh iv. */
export async function sealSecret({
  secretId,
  revision,
  payload,
  secretKey,
  iv = randomBytes(GCM_IV_BYTES),
}: SealSecretInput): Promise<SealedSecret> {
  const json: unknown = JSON.stringify(payload);
  if (typeof json !== 'string') throw new CryptoError('malformed');
  const additionalData = secretAdditionalData(secretId, revision);
  const sealed = await encryptAesGcm(await importAesKey(secretKey), iv, utf8Encode(json), additionalData);
  return { encrypted_data: bytesToBase64(sealed), encryption_iv: bytesToBase64(iv) };
}

/** Decrypts a secret's payload to its exact JSON text; any failure at all is 'integrity'. */
export async function openSecretText(input: OpenSecretInput, secretKey: Uint8Array): Promise<string> {
  return failAsIntegrity(async () => {
    const additionalData = secretAdditionalData(input.secretId, input.revision);
    const iv = base64ToBytes(input.encryption_iv);
    const sealed = base64ToBytes(input.encrypted_data);
    return utf8Decode(await decryptAesGcm(await importAesKey(secretKey), iv, sealed, additionalData));
  });
}

/**
 * Decrypts and parses a secret's payload. The result is a JSON object but is not checked against the
 * category's shape; callers validate it.
 */
export async function openSecret<T extends object = Record<string, unknown>>(
  input: OpenSecretInput,
  secretKey: Uint8Array,
): Promise<T> {
  const text = await openSecretText(input, secretKey);
  const payload = await failAsIntegrity(async () => JSON.parse(text) as unknown);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new CryptoError('integrity');
  }
  return payload as T;
}
