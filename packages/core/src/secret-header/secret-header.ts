import type { SecretCategory } from '../model/secret-category.js';

/*
 * A secret's signed header, crypto suite 2 (docs/crypto.md, "Signed secret headers (suite 2)"): what a
 * save says about the secret, signed by its author, so that a server can neither change a secret's
 * metadata, swap its ciphertext or key, move it, unhide it, revive it nor serve an older revision
 * without a reader noticing.
 */

/** The version of the header format; a secret with a signed header is a suite-2 secret. */
export const SECRET_HEADER_VERSION = 2;

/** First line of every signed header; no other signature of the suite can pass for one. */
export const SECRET_HEADER_DOMAIN = 'coffer-secret-header/v2';

/**
 * What the author signed at a save. `chest` is the secret's chest (`vault_id` on the wire); `data_hash`
 * is dataHash(iv, encrypted_data) and `key_commit` keyCommitment(secret key, id, rev)
 * (key-commitment.ts); `author_fp` is the fingerprint of the author's key, `log_seq` the seq of the
 * trust log state the author's browser wrote it under.
 */
export interface SecretHeader {
  v: typeof SECRET_HEADER_VERSION;
  org: string;
  id: string;
  rev: number;
  chest: string;
  hidden: boolean;
  deleted: boolean;
  category: SecretCategory;
  name: string;
  strength: number | null;
  form_fill: boolean;
  data_hash: string;
  key_commit: string;
  author: string;
  author_fp: string;
  log_seq: number;
}

/** A header and its RSA-PSS signature, base64. */
export interface SignedSecretHeader {
  header: SecretHeader;
  sig: string;
}
