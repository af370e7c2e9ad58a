import type { ImportBatch } from '@coffer/core';
import { type CallerAccess, importHistoryCreator } from '../../policy/index.js';
import { presentImportBatch } from '../../presenters/import-batch-presenter.js';
import { listImportBatches } from '../../repositories/import-batch-repository.js';
import { countLiveBatchSecrets } from '../../repositories/secret-repository.js';
import type { ServiceContext } from '../service-context.js';

/**
 * The import history, newest first (at most IMPORT_HISTORY_LIMIT): administrators see the
 * organisation's batches, everyone else their own. Each counts its secrets not marked for deletion.
 */
export async function listImportBatchesFor(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<{ items: ImportBatch[] }> {
  const organisationId = caller.organisation.id;
  const batches = await listImportBatches(ctx.db, organisationId, importHistoryCreator(caller));
  const counts = await countLiveBatchSecrets(
    ctx.db,
    organisationId,
    batches.map((batch) => batch.id),
  );
  return { items: batches.map((batch) => presentImportBatch(batch, counts.get(batch.id) ?? 0)) };
}
