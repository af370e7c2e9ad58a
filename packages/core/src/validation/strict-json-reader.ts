import { isUuid } from '../crypto/random-values.js';

/*
 * Reading a signed object from untrusted JSON (a trust-log entry, a secret header): exact keys, since
 * an extra key would be signed yet ignored; exact types; ids as lower-case UUIDs. Each reader refuses
 * through the caller's `fail`, so each format keeps its own error type; messages name the field, never
 * its value.
 */

/** A SHA-256 or HMAC-SHA-256 output in base64 (32 bytes). */
export const DIGEST_PATTERN = /^[A-Za-z0-9+/]{43}=$/;
/** A key fingerprint as core's publicKeyFingerprint writes it: 16 groups of 4 hex digits. */
export const FINGERPRINT_PATTERN = /^[0-9a-f]{4}( [0-9a-f]{4}){15}$/;

export type JsonObject = Record<string, unknown>;

export interface StrictJsonReader {
  /** An object with exactly these keys. */
  record(value: unknown, keys: readonly string[], what: string): JsonObject;
  uuid(value: unknown, what: string): string;
  /** A text of 1 to `max` characters. */
  text(value: unknown, what: string, max: number): string;
  flag(value: unknown, what: string): boolean;
  /** base64 of 32 bytes (DIGEST_PATTERN). */
  digest(value: unknown, what: string): string;
  /** A key fingerprint (FINGERPRINT_PATTERN). */
  fingerprint(value: unknown, what: string): string;
}

export function strictJsonReader(fail: (message: string) => never): StrictJsonReader {
  return {
    record(value, keys, what) {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        fail(`${what} must be an object.`);
      const object = value as JsonObject;
      const own = Object.keys(object);
      if (own.length !== keys.length || !keys.every((key) => Object.hasOwn(object, key))) {
        fail(`${what} must have exactly the fields ${keys.join(', ')}.`);
      }
      return object;
    },
    uuid: (value, what) => (isUuid(value) ? value : fail(`${what} must be a lower-case UUID.`)),
    text(value, what, max) {
      if (typeof value !== 'string' || value.length === 0 || value.length > max) {
        fail(`${what} must be a text of 1 to ${max} characters.`);
      }
      return value as string;
    },
    flag: (value, what) => (typeof value === 'boolean' ? value : fail(`${what} must be true or false.`)),
    digest: (value, what) =>
      typeof value === 'string' && DIGEST_PATTERN.test(value)
        ? value
        : fail(`${what} must be the base64 of 32 bytes.`),
    fingerprint: (value, what) =>
      typeof value === 'string' && FINGERPRINT_PATTERN.test(value)
        ? value
        : fail(`${what} must be a key fingerprint.`),
  };
}
