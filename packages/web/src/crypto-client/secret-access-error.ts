/** Why a secret could not be read or saved; the UI shows `message` as written. */
export type SecretAccessErrorKind =
  | 'not-found'
  | 'integrity'
  | 'no-private-key'
  | 'conflict'
  | 'limit'
  | 'key-changed'
  | 'unconfirmed'
  | 'rollback'
  | 'server';

/**
 * Spec section 8: the fetch answered 'Not found' (no wrapped key for this user), or this user's key
 * did not open and was reported (so the server dropped it and administrators see it as missing).
 */
export const SECRET_KEY_NOT_FOUND_MESSAGE =
  'Secret key for this secret was not found, please contact an administrator to reshare.';
/**
 * The same 404 when the secret was opened from its address (/secrets/<id>): the server answers alike for
 * a secret that does not exist, one the user may not read and a missing key, so the text names all
 * three and tells none of them apart.
 */
export const SECRET_ADDRESS_NOT_FOUND_MESSAGE =
  'There is no secret at this address that you can read: it does not exist, or it is not shared with you. If you should be able to read it, ask an administrator to reshare it.';
/** Shown instead of any data when decryption fails (crypto.md: never wrong data). */
export const INTEGRITY_ERROR_MESSAGE =
  'This secret could not be decrypted: its data failed an integrity check. Nothing of it is shown.';
/** The unlocked private key is not in this browser (another browser, or storage cleared). */
export const NO_PRIVATE_KEY_MESSAGE =
  'Your private key is not unlocked in this browser. Log out and log in again to read and save secrets.';
/** A save based on an old copy (someone saved in between). */
export const CONFLICT_MESSAGE =
  'This secret was changed by someone else since you opened it. Close it and open it again to edit the latest version.';
/** The user cancelled the 'Security warning' about a colleague's changed public key. */
export const KEY_CHANGE_CANCELLED_MESSAGE =
  "Nothing was shared: a colleague's encryption key has changed. Ask an administrator whether their account was reset, then try again.";
/** Someone who would read the secret was not confirmed in this browser (docs/web.md, "Keys the browser trusts"). */
export const UNCONFIRMED_PEOPLE_MESSAGE =
  'Nothing was shared: this browser shares keys only with people you have confirmed by name and key fingerprint. Confirm them, then try again.';
/** The server listed a public key for the caller that the caller's own private key does not match. */
export const OWN_KEY_MISMATCH_MESSAGE =
  'Nothing was shared: the server listed an encryption key for your own account that does not match your private key. Log out and log in again, and tell an administrator if this happens again.';
/**
 * The server served an older revision than this browser has seen for the signed-in user (crypto.md,
 * replay): nothing of it is shown, because an authentic old version can still be a harmful one (a
 * revoked password, an old address).
 */
export function olderRevisionMessage(served: number, seen: number): string {
  return `The server sent an older version of this secret (revision ${served}) than one this browser has already seen (revision ${seen}). It has not been opened: the server may have rolled it back. Tell an administrator.`;
}
/**
 * A signed header (suite 2) that did not hold: `reason` is core's fixed text of the check that failed
 * (field names at most). Nothing of the secret is shown, and nothing is moved or marked.
 */
export function headerRefusedMessage(reason: string): string {
  return `This secret was not opened. ${reason} The server may have changed it; tell an administrator.`;
}
/** A revision this browser saw with a verified signed header, served again without one. */
export const UNSIGNED_AGAIN_MESSAGE =
  'This secret was not opened. This browser has seen it signed by its author, and the server now sends it without that signature. The server may have changed it; tell an administrator.';
/** Fallback when the server gave no text. */
export const GENERIC_SECRET_ERROR_MESSAGE = 'The secret could not be loaded. Please try again.';

/** The one error the crypto client throws on purpose; its message never carries key material. */
export class SecretAccessError extends Error {
  readonly kind: SecretAccessErrorKind;

  constructor(kind: SecretAccessErrorKind, message: string) {
    super(message);
    this.name = 'SecretAccessError';
    this.kind = kind;
  }
}

/** Tells a SecretAccessError (of a kind, when given) from anything else. */
export function isSecretAccessError(
  error: unknown,
  kind?: SecretAccessErrorKind,
): error is SecretAccessError {
  return error instanceof SecretAccessError && (kind === undefined || error.kind === kind);
}
