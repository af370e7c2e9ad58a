import type { SecretPayload } from '@coffer/core';
import { base64ToBytes, bytesToBase64, randomBytes, utf8Encode } from '@coffer/core';
import { isSecretAccessError } from '../../crypto-client/secret-access-error.js';

// What an attacker makes with public knowledge only: the suite's formats, other labels, no keys.

/** Seals a payload under `key` with any additional data (another suite's, another secret's). */
export async function sealWithAdditionalData(
  payload: SecretPayload,
  key: Uint8Array,
  additionalData: string,
): Promise<{ encrypted_data: string; encryption_iv: string }> {
  const iv = randomBytes(12);
  const aes = await crypto.subtle.importKey('raw', new Uint8Array(key), 'AES-GCM', false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: utf8Encode(additionalData) },
    aes,
    utf8Encode(JSON.stringify(payload)),
  );
  return { encrypted_data: bytesToBase64(new Uint8Array(sealed)), encryption_iv: bytesToBase64(iv) };
}

/** A payload with no encryption at all, as a legacy or downgraded format would carry it. */
export function unencryptedPayload(payload: SecretPayload): {
  encrypted_data: string;
  encryption_iv: string;
} {
  return {
    encrypted_data: bytesToBase64(utf8Encode(JSON.stringify(payload))),
    encryption_iv: bytesToBase64(randomBytes(12)),
  };
}

/** Wraps a secret key for a public key under any RSA-OAEP label. */
export async function wrapWithLabel(key: Uint8Array, publicKey: string, label: string): Promise<string> {
  const spki = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(publicKey),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const wrapped = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP', label: utf8Encode(label) },
    spki,
    new Uint8Array(key),
  );
  return bytesToBase64(new Uint8Array(wrapped));
}

/**
 * For `.catch(refused)`: the app refused with one of its own errors (what a resisted attack may
 * look like). Anything else, a fault of the test or the harness, is thrown on.
 */
export function refused(error: unknown): void {
  if (!isSecretAccessError(error)) throw error;
}
