import { canWriteSecret } from '@coffer/core';
import { noPermission, notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';
import { mayWriteChest, ownChestIds } from './chest-policy.js';
import { type SecretRef, secretContext } from './secret-policy.js';

// Import batches (issue 28): a run of the import wizard, and the undo of the whole run.

/** What the policy reads of a batch. */
export interface ImportBatchRef {
  created_by: string;
}

/**
 * Starting an import: whoever can save a secret somewhere, that is administrators and anyone with
 * write access to at least one chest; 403 otherwise (an import would have nowhere to go).
 */
export function requireImportStarter(caller: CallerAccess): void {
  if (caller.actor.administrator) return;
  if (!ownChestIds(caller).some((chestId) => mayWriteChest(caller, chestId))) throw noPermission();
}

/** Whether the caller sees the batch: administrators every batch, others their own. */
export function seesImportBatch(caller: CallerAccess, batch: ImportBatchRef): boolean {
  return caller.actor.administrator || batch.created_by === caller.user.id;
}

/** Whose batches the caller's import history lists: everyone's (null) for administrators, else their own. */
export function importHistoryCreator(caller: CallerAccess): string | null {
  return caller.actor.administrator ? null : caller.user.id;
}

/** The batch if the caller sees it; 404 otherwise (also for a missing or foreign one). */
export function requireVisibleImportBatch<T extends ImportBatchRef>(
  caller: CallerAccess,
  batch: T | null,
): T {
  if (!batch || !seesImportBatch(caller, batch)) throw notFound();
  return batch;
}

/**
 * Whether an undo by this caller removes this secret of the batch: exactly who may mark it for
 * deletion one by one (administrators every secret, the batch's creator those in chests they can
 * still write).
 */
export function mayUndoBatchSecret(caller: CallerAccess, secret: SecretRef): boolean {
  return canWriteSecret(secretContext(caller, secret));
}
