// The organisation trust log (docs/crypto.md, "Organisation trust log"): signed, hash-chained entries
// of who may read, verified and folded into the state both the server and the clients read readers from.
export { canonicalJson } from './canonical-json.js';
export { foldTrustLog } from './fold-trust-log.js';
export { parseSignedTrustEntry } from './parse-trust-entry.js';
export {
  type EntrySigner,
  type GenesisOwner,
  type SnapshotRows,
  signEntryAfter,
  signTrustLogStart,
  snapshotOfRows,
} from './sign-trust-start.js';
export {
  openTrustCheckpoint,
  signTrustCheckpoint,
  TRUST_CHECKPOINT_DOMAIN,
  type TrustCheckpoint,
} from './trust-checkpoint.js';
export type * from './trust-entry.js';
export { TRUST_LOG_VERSION } from './trust-entry.js';
export {
  signTrustEntry,
  TRUST_LOG_DOMAIN,
  trustEntryHash,
  trustEntryMessage,
  verifyTrustEntrySignature,
} from './trust-entry-signature.js';
export { isTrustLogError, TrustLogError, type TrustLogErrorKind } from './trust-log-error.js';
export { trustLogFingerprint } from './trust-log-fingerprint.js';
export {
  projectTrustRows,
  type TrustProjection,
  type TrustProjectionRows,
  trustProjection,
} from './trust-projection.js';
export { readerRoutes, readerRowsOf, readers } from './trust-readers.js';
export type { KeyOrigin, TrustChest, TrustState, TrustUser } from './trust-state.js';
export { activeAdministratorIds, activeUser, copyTrustState } from './trust-state.js';
