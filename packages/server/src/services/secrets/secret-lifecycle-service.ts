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
import { lifecycleAction } from './secret-audit-actions.js';
import type { SecretInput } from './secret-input.js';
import { saveSecret } from './secret-revision-service.js';

/** 409 for a restore without a revision of a secret marked by a signed revision. */
export const SIGNED_MARK_MESSAGE =
  'This secret was marked for deletion by a signed revision. Restore it with a signed revision, as the web app does.';

function markedBySignature(stored: string | null): boolean {
  if (stored === null) return false;
  return (JSON.parse(stored) as { header?: { deleted?: unknown } }).header?.deleted === true;
}

/**
 * Marks a secret for deletion (it moves to Deleted Secrets) or restores it; writers of its chest.
 * With `revision`, the change is that signed revision (saveSecret's `marked`); without, the secret
 * keeps its revision and its signed header, and a secret its author marked (its header says so) is
 * restored only by a signed revision (409 otherwise).
 */
export async function markSecretForDeletion(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  marked: boolean,
  revision?: SecretInput,
): Promise<void> {
  if (revision) return saveSecret(ctx, caller, id, revision, marked);
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const secret = requireWritableSecret(caller, await findSecret(db, organisationId, id));
  if ((secret.deleted_at !== null) === marked) return;
  // Readers refuse a secret its author marked that is served as live: its restore must be signed too.
  if (!marked && markedBySignature(secret.signed_header)) throw AppError.conflict(SIGNED_MARK_MESSAGE);
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
    await auditByCaller(trx, caller, lifecycleAction(secret.name, marked), 'Secret', id);
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
