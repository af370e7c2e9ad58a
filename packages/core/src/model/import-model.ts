import type { Id } from './common-model.js';

/**
 * One run of the import wizard (issue 28): the secrets it created carry its id, so the whole run can
 * be undone (its secrets marked for deletion, restorable as any removed secret).
 */
export interface ImportBatch {
  id: Id;
  /** The import format's id (web import/detect-format.ts). */
  format: string;
  /** Items the browser announced it would create. */
  item_count: number;
  /** Secrets created with this batch's id that are not marked for deletion. */
  secret_count: number;
  created_at: string;
  created_by: { id: Id; name: string };
  /** When the batch was undone; null while its secrets stand. */
  undone_at: string | null;
}

/** Body of `POST /api/v1/import_batches`. */
export interface ImportBatchCreateRequest {
  import_batch: { format: string; item_count: number };
}

/** `POST /api/v1/import_batches` answers the batch; `GET` answers `{ items }`. */
export interface ImportBatchResponse {
  import_batch: ImportBatch;
}

/**
 * `POST /api/v1/import_batches/{id}/undo` answers how many secrets it marked for deletion, and, when
 * the batch's creator undoes it without write access to some of its chests any more, how many of its
 * live secrets it had to leave standing.
 */
export interface ImportBatchUndoResponse {
  undone: number;
  /** Live secrets of the batch the caller may not remove; absent when none were left. */
  left?: number;
}
