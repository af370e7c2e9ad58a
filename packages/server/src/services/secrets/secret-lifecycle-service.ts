import { STALE_REVISION_MESSAGE } from '@coffer/core';
import { requireWithinPlan } from '../../billing/plan-limits.js';
import { AppError } from '../../errors/app-error.js';
import { type CallerAccess, requirePermanentDelete, requireWritableSecret } from '../../policy/index.js';
import {
  deleteSecret,
  findSecret,
  placeOf,
  setSecretDeletedAt,
} from '../../repositories/secret-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { beginKeyChange } from '../key-bookkeeping.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';

/** Marks a secret for deletion (it moves to Deleted Secrets) or restores it; writers of its chest. */
export async function markSecretForDeletion(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  marked: boolean,
): Promise<void> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const secret = requireWritableSecret(caller, await findSecret(db, organisationId, id));
  if ((secret.deleted_at !== null) === marked) return;
  await runChange(db, organisationId, async (trx) => {
    // First: the organisation's row, as in every change of secrets or keys (key-bookkeeping.ts).
    await beginKeyChange(trx, organisationId);
    // A restored secret is live again, so it counts against the plan like a new one.
    if (!marked) await requireWithinPlan(trx, ctx.config.billing, organisationId, 'secret');
    const deletedAt = marked ? new Date().toISOString() : null;
    if (!(await setSecretDeletedAt(trx, organisationId, id, placeOf(secret), deletedAt, caller.user.id))) {
      // Moved, marked or restored by someone else since it was read.
      throw AppError.conflict(STALE_REVISION_MESSAGE);
    }
    const action = marked ? `Marked secret ${secret.name} for deletion` : `Restored secret ${secret.name}`;
    await auditByCaller(trx, caller, action, 'Secret', id);
  });
}

/** Deletes a secret and its keys for good: the organisation owner only. */
export async function deleteSecretPermanently(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
): Promise<void> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const secret = requirePermanentDelete(caller, await findSecret(db, organisationId, id));
  await runChange(db, organisationId, async (trx) => {
    // First: the organisation's row, as in every change of secrets or keys (key-bookkeeping.ts).
    await beginKeyChange(trx, organisationId);
    if (!(await deleteSecret(trx, organisationId, id, placeOf(secret)))) {
      throw AppError.conflict(STALE_REVISION_MESSAGE);
    }
    await auditByCaller(trx, caller, `Permanently deleted secret ${secret.name}`, 'Secret', id);
  });
}
