/**
 * The Coffer export (docs/crypto.md, "The Coffer export"): a zip that opens without Coffer's server,
 * with a password of its own. Both sides live here, so that the writer (secret-export/) and the reader
 * (coffer-export.ts) cannot drift apart: the entry names, the key derivation, the additional data and
 * the JSON's shape.
 */
import type { SecretCategory, SecretPayload } from '@coffer/core';
import { base64ToBytes, bytesToBase64, randomBytes, utf8Encode } from '@coffer/core';

/** The format's name, in the envelope and in every additional data. */
export const COFFER_EXPORT_FORMAT = 'coffer-export';
/** The format's version; a reader refuses any other. */
export const COFFER_EXPORT_VERSION = 1;
/** The envelope: key derivation settings, the password check and the sealed JSON. */
export const COFFER_EXPORT_ENTRY = 'coffer-export.json';
/** Where each file of a secret lies, sealed: `files/{n}` (n from 1, in the JSON's order). */
export const COFFER_EXPORT_FILES_FOLDER = 'files/';
/** PBKDF2-SHA256 iterations the writer uses: the same floor as the account's own key derivation. */
export const COFFER_EXPORT_ITERATIONS = 600_000;
/**
 * The most iterations a reader accepts: ten times the writer's. A file asking for more is refused
 * before any work, so a damaged or hostile file cannot hold a browser tab for minutes.
 */
export const COFFER_EXPORT_MAX_ITERATIONS = 6_000_000;
/** Bytes of the random salt. */
export const COFFER_EXPORT_SALT_BYTES = 16;
const IV_BYTES = 12;

/** The envelope (`coffer-export.json`): everything but `data` and `check` is in the clear. */
export interface CofferExportEnvelope {
  format: typeof COFFER_EXPORT_FORMAT;
  version: number;
  kdf: { name: 'PBKDF2-SHA256'; iterations: number; salt: string };
  cipher: 'AES-256-GCM';
  /** An empty plaintext sealed under the key: tells a wrong password from a damaged file. */
  check: string;
  /** The content (CofferExportContent as UTF-8 JSON), sealed: base64 of iv || ciphertext || tag. */
  data: string;
}

/** A file of a secret in the export: its sealed bytes are the entry `entry`. */
export interface CofferExportFile {
  entry: string;
  name: string;
  size: number;
  mediaType: string;
}

/** One secret as Coffer stored it; its payload holds everything but the file refs (`files` instead). */
export interface CofferExportSecret {
  id: string;
  chest: { id: string; name: string };
  name: string;
  category: SecretCategory;
  payload: SecretPayload;
  files: CofferExportFile[];
  createdAt?: string;
  updatedAt?: string;
}

/** The sealed JSON. */
export interface CofferExportContent {
  format: typeof COFFER_EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  chests: { id: string; name: string }[];
  secrets: CofferExportSecret[];
}

/** Additional data of a sealed part: the format, its version and which part, so no part passes for another. */
export function cofferExportAdditionalData(part: string): Uint8Array<ArrayBuffer> {
  return utf8Encode(`${COFFER_EXPORT_FORMAT}:${COFFER_EXPORT_VERSION}:${part}`);
}

/** The part names bound into the additional data. */
export const CHECK_PART = 'check';
export const CONTENT_PART = COFFER_EXPORT_ENTRY;

/** The AES-256-GCM key of an export: PBKDF2-SHA256 over the password (UTF-8 as typed) and the salt. */
export async function deriveCofferExportKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', utf8Encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Seals a part under a fresh random iv: iv || ciphertext || tag. */
export async function sealCofferExportPart(
  key: CryptoKey,
  part: string,
  plain: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = randomBytes(IV_BYTES);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: cofferExportAdditionalData(part) },
      key,
      plain,
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** Opens a sealed part; null when it does not open (another key, another part, altered bytes). */
export async function openCofferExportPart(
  key: CryptoKey,
  part: string,
  sealed: Uint8Array,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (sealed.length < IV_BYTES + 16) return null;
  const bytes = new Uint8Array(sealed);
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: bytes.subarray(0, IV_BYTES),
          additionalData: cofferExportAdditionalData(part),
        },
        key,
        bytes.subarray(IV_BYTES),
      ),
    );
  } catch {
    return null;
  }
}

/** A new envelope's clear parts and key: a fresh salt, the writer's iterations. */
export async function newCofferExportKey(
  password: string,
): Promise<{ key: CryptoKey; kdf: CofferExportEnvelope['kdf'] }> {
  const salt = randomBytes(COFFER_EXPORT_SALT_BYTES);
  const key = await deriveCofferExportKey(password, salt, COFFER_EXPORT_ITERATIONS);
  return {
    key,
    kdf: { name: 'PBKDF2-SHA256', iterations: COFFER_EXPORT_ITERATIONS, salt: bytesToBase64(salt) },
  };
}

/** Base64 that is not canonical is no error here: the caller says what was damaged. */
export function base64OrNull(value: unknown): Uint8Array<ArrayBuffer> | null {
  if (typeof value !== 'string') return null;
  try {
    return base64ToBytes(value);
  } catch {
    return null;
  }
}

// How a telephone's or an address's own values are named where they become fields (the import's
// preview, a Bitwarden secure note): the words of Coffer's form.
const CATEGORY_FIELD_LABELS: Partial<Record<SecretCategory, [key: string, label: string][]>> = {
  telephone: [
    ['country', 'Country code'],
    ['number', 'Number'],
    ['extension', 'Extension'],
  ],
  address: [
    ['addressOne', 'Address line 1'],
    ['addressTwo', 'Address line 2'],
    ['addressThree', 'Address line 3'],
    ['addressFour', 'Address line 4'],
    ['postalCode', 'Postal code'],
    ['country', 'Country'],
  ],
};

/** A telephone's or an address's own values (not its note) as named fields, the empty ones left out. */
export function categoryFields(category: SecretCategory, payload: SecretPayload): [string, string][] {
  const values = payload as unknown as Record<string, unknown>;
  return (CATEGORY_FIELD_LABELS[category] ?? []).flatMap(([key, label]) => {
    const value = values[key];
    return typeof value === 'string' && value !== '' ? [[label, value] as [string, string]] : [];
  });
}
