import { DEFAULT_TEXT_MAX } from '../constants/length-constants.js';
import { SECRET_CATEGORIES } from '../constants/secret-categories.js';
import { bytesToBase64, utf8Encode } from '../crypto/encoding.js';
import { CryptoError } from '../crypto/errors.js';
import { KEY_ROTATION_SALT_BYTES } from '../crypto/key-rotation.js';
import type { SecretCategory } from '../model/secret-category.js';
import { canonicalJson } from '../trust-log/canonical-json.js';
import { isValidStrength } from '../validation/password-strength.js';
import { strictJsonReader } from '../validation/strict-json-reader.js';
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

const SIGNATURE_MAX = 1024;

const fail = (message: string): never => {
  throw new SecretHeaderError('malformed', message);
};
const { record, uuid, flag, text, digest, fingerprint } = strictJsonReader(fail);

function whole(value: unknown, what: string, min: number): number {
  return Number.isSafeInteger(value) && (value as number) >= min
    ? (value as number)
    : fail(`${what} must be a whole number, ${min} or more.`);
}

function readHeader(value: unknown): SecretHeader {
  const header = record(value, HEADER_FIELDS, 'A secret header');
  if (header.v !== SECRET_HEADER_VERSION) fail('The header version is not supported.');
  if (!SECRET_CATEGORIES.includes(header.category as SecretCategory)) {
    fail('The category must be password, telephone, address or note.');
  }
  if (header.strength !== null && !isValidStrength(header.strength)) {
    fail('The strength must be null or a whole number from 1 to 5.');
  }
  const authorFp = fingerprint(header.author_fp, 'Author_fp');
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
    author_fp: authorFp,
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
