import { DEFAULT_TEXT_MAX } from '../constants/length-constants.js';
import { bytesToBase64, utf8Encode } from '../crypto/encoding.js';
import { CryptoError } from '../crypto/errors.js';
import { KEY_ROTATION_SALT_BYTES } from '../crypto/key-rotation.js';
import { isUuid } from '../crypto/random-values.js';
import type { SecretCategory } from '../model/secret-model.js';
import { canonicalJson } from '../trust-log/canonical-json.js';
import { isValidStrength } from '../validation/password-strength.js';
import {
  SECRET_HEADER_DOMAIN,
  SECRET_HEADER_VERSION,
  type SecretHeader,
  type SignedSecretHeader,
} from './secret-header.js';
import { SecretHeaderError } from './secret-header-error.js';

/*
 * Signing a secret header, and reading a signed one from untrusted JSON (docs/crypto.md, "Signed
 * secret headers (suite 2)"). The signature is RSA-PSS-SHA256 (salt 32) with the author's existing key
 * pair, as trust-log entries are signed, under its own first line.
 */

const PSS_PARAMS = { name: 'RSA-PSS', saltLength: KEY_ROTATION_SALT_BYTES } as const;

const HEADER_FIELDS = [
  'v',
  'org',
  'id',
  'rev',
  'chest',
  'hidden',
  'deleted',
  'category',
  'name',
  'strength',
  'form_fill',
  'data_hash',
  'key_commit',
  'author',
  'author_fp',
  'log_seq',
] as const satisfies readonly (keyof SecretHeader)[];

/** Exactly the header's fields, so that nothing else is ever signed. */
function fieldsOf(header: SecretHeader): SecretHeader {
  return Object.fromEntries(HEADER_FIELDS.map((key) => [key, header[key]])) as unknown as SecretHeader;
}

/** The signed bytes: `coffer-secret-header/v2\n` then the header's canonical JSON, in UTF-8. */
export function secretHeaderMessage(header: SecretHeader): Uint8Array<ArrayBuffer> {
  return utf8Encode(`${SECRET_HEADER_DOMAIN}\n${canonicalJson(fieldsOf(header))}`);
}

/**
 * Signs a header with a key opened by openSigningKey. The header is read as parseSignedSecretHeader
 * reads one first, so that nothing is signed a reader would refuse. PSS is randomised: each signature
 * differs.
 */
export async function signSecretHeader(
  signingKey: CryptoKey,
  header: SecretHeader,
): Promise<SignedSecretHeader> {
  if (signingKey.algorithm.name !== 'RSA-PSS' || !signingKey.usages.includes('sign')) {
    throw new CryptoError('malformed');
  }
  const checked = readHeader(header);
  const signature = await crypto.subtle.sign(PSS_PARAMS, signingKey, secretHeaderMessage(checked));
  return { header: checked, sig: bytesToBase64(new Uint8Array(signature)) };
}

type Json = Record<string, unknown>;

const CATEGORIES: readonly SecretCategory[] = ['password', 'telephone', 'address', 'note'];
// SHA-256 and HMAC-SHA-256 outputs: base64 of 32 bytes.
const DIGEST_PATTERN = /^[A-Za-z0-9+/]{43}=$/;
const FINGERPRINT_PATTERN = /^[0-9a-f]{4}( [0-9a-f]{4}){15}$/;
const SIGNATURE_MAX = 1024;

const fail = (message: string): never => {
  throw new SecretHeaderError('malformed', message);
};

function record(value: unknown, keys: readonly string[], what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${what} must be an object.`);
  const object = value as Json;
  const own = Object.keys(object);
  if (own.length !== keys.length || !keys.every((key) => Object.hasOwn(object, key))) {
    fail(`${what} must have exactly the fields ${keys.join(', ')}.`);
  }
  return object;
}

function uuid(value: unknown, what: string): string {
  return isUuid(value) ? value : fail(`${what} must be a lower-case UUID.`);
}

function flag(value: unknown, what: string): boolean {
  return typeof value === 'boolean' ? value : fail(`${what} must be true or false.`);
}

function text(value: unknown, what: string, max: number): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    fail(`${what} must be a text of 1 to ${max} characters.`);
  }
  return value as string;
}

function digest(value: unknown, what: string): string {
  return typeof value === 'string' && DIGEST_PATTERN.test(value)
    ? value
    : fail(`${what} must be the base64 of 32 bytes.`);
}

function whole(value: unknown, what: string, min: number): number {
  return Number.isSafeInteger(value) && (value as number) >= min
    ? (value as number)
    : fail(`${what} must be a whole number, ${min} or more.`);
}

function readHeader(value: unknown): SecretHeader {
  const header = record(value, HEADER_FIELDS, 'A secret header');
  if (header.v !== SECRET_HEADER_VERSION) fail('The header version is not supported.');
  if (!CATEGORIES.includes(header.category as SecretCategory)) {
    fail('The category must be password, telephone, address or note.');
  }
  if (header.strength !== null && !isValidStrength(header.strength)) {
    fail('The strength must be null or a whole number from 1 to 5.');
  }
  if (typeof header.author_fp !== 'string' || !FINGERPRINT_PATTERN.test(header.author_fp)) {
    fail('Author_fp must be a key fingerprint.');
  }
  return {
    v: SECRET_HEADER_VERSION,
    org: uuid(header.org, 'The organisation'),
    id: uuid(header.id, 'The secret id'),
    rev: whole(header.rev, 'The revision', 1),
    chest: uuid(header.chest, 'The chest'),
    hidden: flag(header.hidden, 'Hidden'),
    deleted: flag(header.deleted, 'Deleted'),
    category: header.category as SecretCategory,
    name: text(header.name, 'The name', DEFAULT_TEXT_MAX),
    strength: header.strength as number | null,
    form_fill: flag(header.form_fill, 'Form_fill'),
    data_hash: digest(header.data_hash, 'The data hash'),
    key_commit: digest(header.key_commit, 'The key commitment'),
    author: uuid(header.author, 'The author'),
    author_fp: header.author_fp as string,
    log_seq: whole(header.log_seq, 'Log_seq', 0),
  };
}

/**
 * A signed header read from untrusted JSON: exactly `{header, sig}`, the header with exactly its
 * fields and types (ids as lower-case UUIDs). SecretHeaderError 'malformed' with a plain reason,
 * free of values, otherwise. Whether the signature verifies is verifySecretHeader's work.
 */
export function parseSignedSecretHeader(untrusted: unknown): SignedSecretHeader {
  const signed = record(untrusted, ['header', 'sig'], 'A signed secret header');
  return { header: readHeader(signed.header), sig: text(signed.sig, 'The signature', SIGNATURE_MAX) };
}
