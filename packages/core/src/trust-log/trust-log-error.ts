/**
 * Why a trust-log entry was refused (docs/crypto.md, "Organisation trust log"):
 * - 'malformed': not an entry of this format (shape, types, encodings, keys);
 * - 'sequence': its seq is not the one after the state's;
 * - 'chain': its prev is not the state's head, or it names another organisation;
 * - 'signature': its signature or a carried endorsement does not verify, or actor_fp is not the signer's;
 * - 'unauthorised': its actor may not make this change in the state before it;
 * - 'refused': the change breaks a rule of the state (the last administrator, an unknown user, ...).
 */
export type TrustLogErrorKind = 'malformed' | 'sequence' | 'chain' | 'signature' | 'unauthorised' | 'refused';

/**
 * The only error the trust log throws on purpose. Its message is one of the fixed texts written in
 * this folder: never an entry's values, a key or a signature.
 */
export class TrustLogError extends Error {
  readonly kind: TrustLogErrorKind;

  constructor(kind: TrustLogErrorKind, message: string) {
    super(message);
    this.name = 'TrustLogError';
    this.kind = kind;
  }
}

/** Tells a TrustLogError (of the given kind) from anything else thrown. */
export function isTrustLogError(error: unknown, kind?: TrustLogErrorKind): error is TrustLogError {
  return error instanceof TrustLogError && (kind === undefined || error.kind === kind);
}
