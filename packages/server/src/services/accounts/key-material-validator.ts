import { createPublicKey } from 'node:crypto';
import { GCM_IV_BYTES, RSA_MODULUS_BITS, requiredMessage, SYMMETRIC_KEY_BYTES } from '@coffer/core';

// The server cannot check that key material is *right* (it never holds the keys), only that it has
// the shape crypto.md fixes, so that a broken client cannot store something nobody can use.

/** Key material of a registration, an administrator's add or an account change, as received. */
export interface KeyMaterialInput {
  password?: unknown;
  public_key?: unknown;
  encrypted_private_key?: unknown;
  private_key_iv?: unknown;
  kdf_iterations?: unknown;
}

/** Which fields to check, and the iteration floor (config.minKdfIterations). */
export interface KeyMaterialRules {
  fields: readonly (keyof KeyMaterialInput)[];
  minKdfIterations: number;
}

const LABELS: Record<keyof KeyMaterialInput, string> = {
  password: 'Password',
  public_key: 'Public Key',
  encrypted_private_key: 'Encrypted Private Key',
  private_key_iv: 'Private Key IV',
  kdf_iterations: 'Key Derivation Iterations',
};

/** Iterations above this are refused: they would only make the account's own sign-in crawl. */
export const MAX_KDF_ITERATIONS = 10_000_000;
const MAX_SEALED_KEY_BYTES = 16 * 1024;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The message of a malformed field. */
export function invalidFieldMessage(field: keyof KeyMaterialInput): string {
  return `Field ${LABELS[field]} is invalid.`;
}

/** The first problem with the given fields, or null when all have the right shape. */
export function validateKeyMaterial(input: KeyMaterialInput, rules: KeyMaterialRules): string | null {
  for (const field of rules.fields) {
    const value = input[field];
    if (value === undefined || value === null || value === '') return requiredMessage(LABELS[field]);
    const problem = checkField(field, value, rules.minKdfIterations);
    if (problem) return problem;
  }
  return null;
}

function checkField(field: keyof KeyMaterialInput, value: unknown, minKdfIterations: number): string | null {
  if (field === 'kdf_iterations') return checkIterations(value, minKdfIterations);
  const bytes = decodeBase64(value);
  if (!bytes) return invalidFieldMessage(field);
  const ok =
    field === 'password'
      ? bytes.length === SYMMETRIC_KEY_BYTES
      : field === 'private_key_iv'
        ? bytes.length === GCM_IV_BYTES
        : field === 'public_key'
          ? isRsaOaepPublicKey(bytes)
          : bytes.length > 16 && bytes.length <= MAX_SEALED_KEY_BYTES;
  return ok ? null : invalidFieldMessage(field);
}

/** Reads kdf_iterations sent as a number or as form text; null when it is not a whole number. */
export function parseIterations(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

function checkIterations(value: unknown, minKdfIterations: number): string | null {
  const iterations = parseIterations(value);
  if (iterations === null || iterations > MAX_KDF_ITERATIONS) return invalidFieldMessage('kdf_iterations');
  if (iterations < minKdfIterations)
    return `Field ${LABELS.kdf_iterations} must be at least ${minKdfIterations}.`;
  return null;
}

/** Canonical padded base64 (crypto.md) to bytes; null otherwise. */
export function decodeBase64(value: unknown): Buffer | null {
  if (typeof value !== 'string' || value.length === 0 || !BASE64.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  // Non-canonical trailing bits decode but do not re-encode to the same text.
  return bytes.toString('base64') === value ? bytes : null;
}

// crypto.md: RSA-OAEP, 3072-bit modulus, e = 65537, sent as SPKI DER.
function isRsaOaepPublicKey(der: Buffer): boolean {
  try {
    const key = createPublicKey({ key: der, format: 'der', type: 'spki' });
    const details = key.asymmetricKeyDetails;
    return (
      key.asymmetricKeyType === 'rsa' &&
      details?.modulusLength === RSA_MODULUS_BITS &&
      details.publicExponent === 65537n
    );
  } catch {
    return false;
  }
}
