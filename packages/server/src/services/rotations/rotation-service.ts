import { validateRotationDismissal } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import { type CallerAccess, requireReachableRotation } from '../../policy/index.js';
import { dismissRotationRow, findOpenRotation } from '../../repositories/rotation-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';

/** 409 when the row was closed (rotated or marked) between the caller's read and the mark. */
export const ROTATION_CLOSED_MESSAGE = 'This secret has left the rotation list already.';

/**
 * `POST api/v1/rotations/{id}/dismiss` ('Mark as not needing rotation'): administrators, or the
 * chest's manager for a visible secret (404 otherwise). A reason is required; it is kept with the
 * row and named in the audit entry, written in the same transaction.
 */
export async function dismissRotation(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  input: { reason?: unknown },
): Promise<void> {
  const organisationId = caller.organisation.id;
  const row = requireReachableRotation(caller, await findOpenRotation(ctx.db, organisationId, id));
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  const [problem] = validateRotationDismissal(reason).errors;
  if (problem) throw AppError.validation(problem);
  await runChange(ctx.db, organisationId, async (trx) => {
    const at = new Date().toISOString();
    if (!(await dismissRotationRow(trx, organisationId, id, caller.user.id, reason, at))) {
      throw AppError.conflict(ROTATION_CLOSED_MESSAGE);
    }
    const who =
      row.user_id === null
        ? 'its chest’s rotation policy'
        : `${row.user_name} (${row.user_email}) lost access`;
    const action = `Marked secret ${row.secret_name} as not needing rotation after ${who}: ${reason}`;
    await auditByCaller(trx, caller, action, 'Secret', row.secret_id);
  });
}
