import type { SecretHeader } from './secret-header.js';

/**
 * Why a signed secret header was refused (docs/crypto.md, "Signed secret headers (suite 2)"):
 * - 'malformed': not a header of this format (fields, types, encodings);
 * - 'stale-log': it was made under a trust log entry this reader has not verified yet;
 * - 'author': its author is not an active user of the state, `author_fp` is not their key's, or they
 *   may not write the secret by the state;
 * - 'signature': the signature does not verify under the author's key;
 * - 'mismatch': the record differs from the header (its place, metadata or ciphertext), or the header
 *   is another organisation's;
 * - 'rollback': its revision is below the one this reader remembers;
 * - 'key-commitment': the unwrapped secret key is not the one the author committed to.
 */
export type SecretHeaderErrorKind =
  | 'malformed'
  | 'stale-log'
  | 'author'
  | 'signature'
  | 'mismatch'
  | 'rollback'
  | 'key-commitment';

/**
 * The only error the secret header code throws on purpose. Its message is one of the fixed texts of
 * this folder (field names at most): never a value, a key or a signature.
 */
export class SecretHeaderError extends Error {
  readonly kind: SecretHeaderErrorKind;
  /**
   * Set on a 'mismatch' of metadata only (the ciphertext matches): the verified header, which wins
   * for display, so that a screen can show what the author signed beside the refusal.
   */
  readonly header?: SecretHeader;

  constructor(kind: SecretHeaderErrorKind, message: string, header?: SecretHeader) {
    super(message);
    this.name = 'SecretHeaderError';
    this.kind = kind;
    if (header) this.header = header;
  }
}

/** Tells a SecretHeaderError (of the given kind) from anything else thrown. */
export function isSecretHeaderError(
  error: unknown,
  kind?: SecretHeaderErrorKind,
): error is SecretHeaderError {
  return error instanceof SecretHeaderError && (kind === undefined || error.kind === kind);
}
