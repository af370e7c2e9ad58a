import type { ImportBatch, ImportBatchResponse, ImportBatchUndoResponse } from '@coffer/core';
import { requestOrThrow } from './api-client.js';

const batchPath = (id: string, rest = '') => `/api/v1/import_batches/${encodeURIComponent(id)}${rest}`;

/**
 * Starts an import batch before the wizard saves its secrets; each then names it
 * (`secret.import_batch_id`) so the whole run can be undone. 403 for who can write no chest.
 */
export async function startImportBatch(format: string, itemCount: number): Promise<ImportBatch> {
  const answer = await requestOrThrow<ImportBatchResponse>('/api/v1/import_batches', {
    method: 'POST',
    body: { import_batch: { format, item_count: itemCount } },
  });
  return answer.import_batch;
}

/** The import history, newest first: administrators the organisation's, others their own. */
export async function listImportBatches(signal?: AbortSignal): Promise<ImportBatch[]> {
  const answer = await requestOrThrow<{ items: ImportBatch[] }>(
    '/api/v1/import_batches',
    signal ? { signal } : {},
  );
  return answer.items;
}

/** Undoes a batch: its live secrets the caller may remove go to Deleted Secrets (409 once undone). */
export function undoImportBatch(id: string): Promise<ImportBatchUndoResponse> {
  return requestOrThrow<ImportBatchUndoResponse>(batchPath(id, '/undo'), { method: 'POST' });
}
