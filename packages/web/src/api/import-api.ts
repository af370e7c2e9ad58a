import type { ImportBatchCreateRequest, ImportBatchResponse } from '@coffer/core';
import { requestOrThrow } from './api-client.js';

/**
 * Opens an import batch (issue 28): the secrets the wizard then creates carry its id, so an
 * administrator can undo the whole run. Only the format's id and the count leave the browser.
 */
export async function createImportBatch(format: string, itemCount: number): Promise<ImportBatchResponse> {
  const body: ImportBatchCreateRequest = { import_batch: { format, item_count: itemCount } };
  return requestOrThrow<ImportBatchResponse>('/api/v1/import_batches', { method: 'POST', body });
}
