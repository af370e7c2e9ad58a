import type { ImportBatchResponse, ImportBatchUndoResponse } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import {
  type CallerAccess,
  mayUndoBatchSecret,
  notFound,
  requireImportStarter,
  requireVisibleImportBatch,
} from '../../policy/index.js';
import { presentImportBatch } from '../../presenters/import-batch-presenter.js';
import {
  findImportBatch,
  holdOpenImportBatch,
  type ImportBatchRecord,
  insertImportBatch,
  setImportBatchUndone,
} from '../../repositories/import-batch-repository.js';
import { findLiveBatchSecrets, markSecretsForDeletion } from '../../repositories/secret-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { beginKeyChange } from '../key-bookkeeping.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';

/** 409 for a second undo of a batch. */
export const IMPORT_ALREADY_UNDONE_MESSAGE = 'This import has already been undone.';
/** 409 when a secret of the batch was moved, removed or restored while the undo ran. */
export const IMPORT_UNDO_RACED_MESSAGE =
  'Some secrets of this import were changed by someone else meanwhile. Please try again.';
/** 422 for a secret saved with a batch someone else started. */
export const IMPORT_BATCH_NOT_OWN_MESSAGE =
  'This import was started by someone else: start an import of your own.';
/** 422 for a secret saved with a batch that was undone. */
export const IMPORT_BATCH_UNDONE_MESSAGE = 'This import has been undone: start a new import.';

/** Longest import format id, and most items one batch may announce. */
export const IMPORT_FORMAT_MAX_LENGTH = 50;
export const IMPORT_BATCH_MAX_ITEMS = 100_000;
/** 400 for a format that is not an import format's id. */
export const IMPORT_FORMAT_MESSAGE = `The import format must be 1 to ${IMPORT_FORMAT_MAX_LENGTH} lower-case letters, digits or hyphens.`;
/** 400 for an item count out of range. */
export const IMPORT_ITEM_COUNT_MESSAGE = `An import must have from 1 to ${IMPORT_BATCH_MAX_ITEMS.toLocaleString('en-GB')} items.`;

// The web app's format ids ('bitwarden-csv'): lower-case words joined by hyphens, so the audit
// log's sentence never quotes free text.
const FORMAT_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What POST /api/v1/import_batches announces (the route's schema checked its types). */
export interface ImportBatchStart {
  format: string;
  item_count: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// How the audit log names a batch: what was imported and when, never what it held.
function describeBatch(batch: Pick<ImportBatchRecord, 'format' | 'item_count' | 'created_at'>): string {
  return `${plural(batch.item_count, 'item', 'items')} (${batch.format}) of ${batch.created_at.slice(0, 10)}`;
}

/**
 * Starts an import batch: anyone who can save a secret somewhere (requireImportStarter). The
 * secrets the wizard then creates name it (`secret.import_batch_id`), so the run can be undone.
 */
export async function startImportBatch(
  ctx: ServiceContext,
  caller: CallerAccess,
  start: ImportBatchStart,
): Promise<ImportBatchResponse> {
  requireImportStarter(caller);
  if (start.format.length > IMPORT_FORMAT_MAX_LENGTH || !FORMAT_PATTERN.test(start.format)) {
    throw AppError.validation(IMPORT_FORMAT_MESSAGE);
  }
  if (
    !Number.isInteger(start.item_count) ||
    start.item_count < 1 ||
    start.item_count > IMPORT_BATCH_MAX_ITEMS
  ) {
    throw AppError.validation(IMPORT_ITEM_COUNT_MESSAGE);
  }
  const organisationId = caller.organisation.id;
  const batch = await runChange(ctx.db, organisationId, async (trx) => {
    const row = await insertImportBatch(trx, {
      organisationId,
      createdBy: caller.user.id,
      format: start.format,
      itemCount: start.item_count,
    });
    const items = plural(start.item_count, 'item', 'items');
    await auditByCaller(
      trx,
      caller,
      `Started an import of ${items} (${start.format})`,
      'ImportBatch',
      row.id,
    );
    return row;
  });
  return { import_batch: presentImportBatch({ ...batch, created_by_name: caller.user.name }, 0) };
}

/**
 * Sub-step of createSecret (secrets/secret-revision-service.ts), before its transaction: the batch a
 * new secret names must be of this organisation (404 otherwise, as any foreign id), started by the
 * caller and not undone (422 with the reason).
 */
export async function checkImportBatchForSecret(
  db: Kysely<Database>,
  caller: CallerAccess,
  importBatchId: string,
): Promise<void> {
  const batch = await findImportBatch(db, caller.organisation.id, importBatchId);
  if (!batch) throw notFound();
  if (batch.created_by !== caller.user.id) throw AppError.unprocessable(IMPORT_BATCH_NOT_OWN_MESSAGE);
  if (batch.undone_at !== null) throw AppError.unprocessable(IMPORT_BATCH_UNDONE_MESSAGE);
}

/**
 * Sub-step of createSecret, inside its transaction: holds the batch open until the secret is saved,
 * so an undo running meanwhile either comes first (422 here) or waits and then removes this secret too.
 */
export async function holdImportBatchForSecret(
  trx: Kysely<Database>,
  caller: CallerAccess,
  importBatchId: string,
): Promise<void> {
  if (!(await holdOpenImportBatch(trx, caller.organisation.id, importBatchId))) {
    throw AppError.unprocessable(IMPORT_BATCH_UNDONE_MESSAGE);
  }
}

/**
 * Undoes an import batch: every live secret of it the caller may mark for deletion is marked, exactly
 * as the one-by-one remove does (restorable from Deleted Secrets), and the batch is stamped undone,
 * in one transaction with one audit entry. Administrators remove every secret of any batch; the
 * batch's creator those in chests they can still write, and the others are left and counted in
 * `left`. Others get 404; a second undo 409.
 */
export async function undoImportBatch(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
): Promise<ImportBatchUndoResponse> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const batch = requireVisibleImportBatch(caller, await findImportBatch(db, organisationId, id));
  if (batch.undone_at !== null) throw AppError.conflict(IMPORT_ALREADY_UNDONE_MESSAGE);
  return runChange(db, organisationId, async (trx) => {
    const now = new Date().toISOString();
    // First, so a secret being saved with the batch either committed already or now finds it undone.
    if (!(await setImportBatchUndone(trx, organisationId, id, now))) {
      throw AppError.conflict(IMPORT_ALREADY_UNDONE_MESSAGE);
    }
    // Then the organisation's row, before the chests' (key-bookkeeping.ts), as a create takes them.
    await beginKeyChange(trx, organisationId);
    const live = await findLiveBatchSecrets(trx, organisationId, id);
    const removable = live.filter((secret) => mayUndoBatchSecret(caller, secret));
    if (!(await markSecretsForDeletion(trx, organisationId, removable, now, caller.user.id))) {
      // One was moved, marked or restored by someone else since it was read: nothing is kept.
      throw AppError.conflict(IMPORT_UNDO_RACED_MESSAGE);
    }
    const left = live.length - removable.length;
    const removed = plural(removable.length, 'secret', 'secrets');
    const kept =
      left > 0 ? `, ${plural(left, 'secret', 'secrets')} left in chests the user cannot write` : '';
    await auditByCaller(
      trx,
      caller,
      `Undid the import of ${describeBatch(batch)}: ${removed} removed${kept}`,
      'ImportBatch',
      id,
    );
    return left > 0 ? { undone: removable.length, left } : { undone: removable.length };
  });
}
