// The extension's sync and encrypted local index (issue 29): what the popup and the service worker
// import (docs/extension-sync.md).
export {
  CHANGES_PAGE_LIMIT,
  type ChangesPage,
  createHttpTransport,
  type HttpTransportOptions,
  type IdsPage,
  READ_IDS_LIMIT,
  type ReadPage,
  SyncReadError,
  type SyncTransport,
} from './changes-api.js';
export type { IndexEntry, IndexOwner, IndexSnapshot, SkippedSecret } from './index-entry.js';
export { createIndexKey, openIndex, sealIndex } from './index-seal.js';
export { type IndexPlace, loadIndex, saveIndex } from './index-session.js';
export { type IndexStore, memoryIndexStore, type SealedIndexBlob } from './index-store.js';
export {
  createIndexOpener,
  createInlineOpener,
  createWorkerOpener,
  type IndexOpener,
  MAX_OPEN_WORKERS,
  type OpenerOwner,
  openWorkerCount,
  WORKER_THRESHOLD,
} from './open-pool.js';
export type { ChangedSecret, OpenOutcome, SkipReason } from './open-record.js';
export { type RankCandidates, SecretIndex } from './secret-index.js';
export { siteKey } from './site-key.js';
export { type SyncCounts, type SyncOptions, syncIndex } from './sync-index.js';
