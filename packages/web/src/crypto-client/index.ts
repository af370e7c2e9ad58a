// The browser's secret crypto: fetch → unwrap → open, and seal → wrap for every trusted reader → save.
// Decrypted payloads only ever live in the caller's React state; nothing here caches them. Nothing
// here opens a dialog: whoever needs people confirmed passes a ConfirmPeople callback.

export type { ConfirmedIdentity, TrustOrigin, TrustRecord } from '../keys/key-trust.js';
export {
  identityOf,
  keyTrusted,
  listTrust,
  loadTrust,
  trustConfirmedKey,
  trustCreatedKey,
  trustEndorsedKey,
} from '../keys/key-trust.js';
export type { EndorsementSource } from '../keys/rotation-trust-rule.js';
export { rotationTrustRule } from '../keys/rotation-trust-rule.js';
export type { DistrustReason, KeyAssessment } from '../keys/trust-rule.js';
export { anyTrustRule, assessKey, explicitTrustRule, trustRuleFor } from '../keys/trust-rule.js';
export type { TrustRule } from '../keys/trust-rule-contract.js';
export type { AttachmentErrorKind } from './attachment-error.js';
export {
  AttachmentError,
  attachedAfterCreateFailedMessage,
  DOWNLOAD_CANCELLED_MESSAGE,
  DOWNLOAD_FAILED_MESSAGE,
  isAttachmentError,
  UPLOAD_CANCELLED_MESSAGE,
  UPLOAD_FAILED_MESSAGE,
} from './attachment-error.js';
export { withAttachments } from './attachment-refs.js';
export type {
  AttachmentChanges,
  PendingAttachment,
  SaveRevision,
  SaveWithAttachmentsOptions,
} from './attachment-save.js';
export { SavedWithoutFilesError, saveWithAttachments } from './attachment-save.js';
export type { TransferOptions, TransferProgress, UploadSource } from './attachment-transfer.js';
export { deleteAttachment, downloadAttachment, uploadAttachment } from './attachment-transfer.js';
export type { KeyOwner, SortedReaders, TrustOptions } from './confirm-reader-keys.js';
export { confirmReaderKeys, readerKeyId, recordConfirmed, sortReaderKeys } from './confirm-reader-keys.js';
export { moveEncryptedSecret } from './move-secret.js';
export type { OpenedSecret } from './open-secret-record.js';
export { openSecretRecord, unwrapOwnKey } from './open-secret-record.js';
export type { ConfirmedPerson, ConfirmPeople, ConfirmPurpose, PersonToConfirm } from './people-to-confirm.js';
export { requirePrivateKey } from './private-key.js';
export { wrapForReaders } from './reader-keys.js';
export type { ReshareOptions, ReshareProgress, ReshareResult, WaitingPerson } from './reshare-keys.js';
export { DELIVERY_SIZE, REWRAP_BATCH_SIZE, reshareMissingKeys } from './reshare-keys.js';
export { highestRevision, recordRevision, refuseOlderRevision, revisionsStored } from './revision-memory.js';
export type { PairPlace, PublicKeyImporter, RewrapOutcome } from './rewrap-pairs.js';
export type { Rewrapper, RewrapperFactory } from './rewrapper.js';
export { createPageRewrapper, createRewrapper } from './rewrapper.js';
export type { EditTarget, SavedSecret, SecretDraft } from './save-secret.js';
export { createEncryptedSecret, updateEncryptedSecret } from './save-secret.js';
export type { SelfSealedPlace } from './sealed-for-self.js';
export { openForSelf, sealForSelf } from './sealed-for-self.js';
export type { SecretAccessErrorKind } from './secret-access-error.js';
export {
  CONFLICT_MESSAGE,
  INTEGRITY_ERROR_MESSAGE,
  isSecretAccessError,
  KEY_CHANGE_CANCELLED_MESSAGE,
  NO_PRIVATE_KEY_MESSAGE,
  OWN_KEY_MISMATCH_MESSAGE,
  olderRevisionMessage,
  SECRET_KEY_NOT_FOUND_MESSAGE,
  SecretAccessError,
  UNCONFIRMED_PEOPLE_MESSAGE,
} from './secret-access-error.js';
export { normalisePayload } from './secret-payload.js';
export { toSecretAccessError } from './to-secret-access-error.js';
