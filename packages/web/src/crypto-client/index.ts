// The browser's secret crypto: fetch → unwrap → open, and seal → wrap for every reader → save.
// Decrypted payloads only ever live in the caller's React state; nothing here caches them.
export type { KeyOwner } from './confirm-reader-keys.js';
export { confirmReaderKeys } from './confirm-reader-keys.js';
export type { ChangedKey } from './key-change-warning.js';
export { KEY_CHANGE_WARNING_TITLE, keyChangeWarning } from './key-change-warning.js';
export { moveEncryptedSecret } from './move-secret.js';
export type { OpenedSecret } from './open-secret-record.js';
export { openSecretRecord, unwrapOwnKey } from './open-secret-record.js';
export { requirePrivateKey } from './private-key.js';
export { wrapForReaders } from './reader-keys.js';
export type { ReshareResult } from './reshare-keys.js';
export { reshareMissingKeys } from './reshare-keys.js';
export { forgetRevisions, highestRevision, recordRevision } from './revision-memory.js';
export type { EditTarget, SavedSecret, SecretDraft } from './save-secret.js';
export { createEncryptedSecret, updateEncryptedSecret } from './save-secret.js';
export type { SecretAccessErrorKind } from './secret-access-error.js';
export {
  CONFLICT_MESSAGE,
  INTEGRITY_ERROR_MESSAGE,
  isSecretAccessError,
  KEY_CHANGE_CANCELLED_MESSAGE,
  NO_PRIVATE_KEY_MESSAGE,
  OWN_KEY_MISMATCH_MESSAGE,
  SECRET_KEY_NOT_FOUND_MESSAGE,
  SecretAccessError,
} from './secret-access-error.js';
export { normalisePayload } from './secret-payload.js';
export { toSecretAccessError } from './to-secret-access-error.js';
