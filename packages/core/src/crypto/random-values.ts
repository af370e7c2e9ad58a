import type { Bytes } from './encoding.js';

// getRandomValues refuses more than 65,536 bytes per call.
const MAX_RANDOM_CHUNK = 65_536;
// Lower case only: PostgreSQL prints uuids in lower case, and the id is part of every secret's additional data.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Returns n bytes from the platform's cryptographic random source. */
export function randomBytes(length: number): Bytes {
  const bytes = new Uint8Array(length);
  for (let start = 0; start < length; start += MAX_RANDOM_CHUNK) {
    crypto.getRandomValues(bytes.subarray(start, start + MAX_RANDOM_CHUNK));
  }
  return bytes;
}

/** Makes the id of a new secret, chosen by the client before the secret is first encrypted. */
export function newSecretId(): string {
  return crypto.randomUUID();
}

/** Tells whether a value is a UUID in the canonical lower-case form that secret ids use. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
