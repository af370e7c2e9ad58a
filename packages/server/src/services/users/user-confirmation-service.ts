import type { MailOutcome } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { requireManagedUser } from '../../policy/index.js';
import { describeAuditUser } from '../../repositories/audit-log-repository.js';
import { findUserById } from '../../repositories/user-repository.js';
import { renewConfirmation } from '../accounts/confirmation-service.js';
import { auditByCaller } from '../caller-audit.js';
import type { ServiceContext } from '../service-context.js';

/** A resend for a user who is no longer Pending. */
export const ALREADY_CONFIRMED_MESSAGE = 'This user has already confirmed their email address.';

/**
 * POST /api/v1/users/{id}/confirmation (administrators): a new confirmation link for a Pending user
 * of the caller's organisation (the previous link stops working), audited, then mailed. Unlike the
 * public resend, the caller may learn the outcome: the answer's `mail_sent` says whether the mail
 * left. `countAttempt` (the rate limit) runs once the caller may resend, so a refused caller never
 * spends anyone's allowance.
 */
export async function resendConfirmationByAdministrator(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  countAttempt: () => Promise<void>,
): Promise<MailOutcome> {
  const target = requireManagedUser(caller, await findUserById(ctx.db, caller.organisation.id, id));
  if (target.confirmed_at) throw AppError.validation(ALREADY_CONFIRMED_MESSAGE);
  await countAttempt();
  const action = `Resent the confirmation email to ${describeAuditUser(target)}`;
  const mail_sent = await renewConfirmation(ctx, target, (trx) =>
    auditByCaller(trx, caller, action, 'User', target.id),
  );
  return { mail_sent };
}
