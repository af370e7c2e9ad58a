import type { ImportBatch } from '@coffer/core';
import type { ImportBatchRecord } from '../repositories/import-batch-repository.js';

/** An import batch as the API shows it, with its secrets that are not marked for deletion. */
export function presentImportBatch(batch: ImportBatchRecord, secretCount: number): ImportBatch {
  return {
    id: batch.id,
    format: batch.format,
    item_count: batch.item_count,
    secret_count: secretCount,
    created_at: batch.created_at,
    created_by: { id: batch.created_by, name: batch.created_by_name },
    undone_at: batch.undone_at,
  };
}
