import type { InvitationRow, InvitationSentResponse, ListResponse } from '@coffer/core';
import { requireWithinPlan } from '../../billing/plan-limits.js';
import { AppError } from '../../errors/app-error.js';
import { type CallerAccess, requireAdministrator } from '../../policy/index.js';
import { presentInvitationRow } from '../../presenters/invitation-presenter.js';
import {
  countOpenInvitations,
  deleteOpenInvitation,
  findOpenInvitation,
  listOpenInvitations,
  type OpenInvitation,
  reissueInvitation,
} from '../../repositories/invitation-repository.js';
import { assertEmailAvailable, newEmailToken } from '../accounts/new-account.js';
import { auditByCaller } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { INVITATION_LIFETIME_MS, mailInvitation } from './invitation-service.js';

/**
 * The most invitations one answer lists. The plans keep an organisation far below it (a pending
 * invitation holds one of the Team Plan's 50 seats); only expired ones under BILLING=off pile up, and
 * `total` still counts them all.
 */
export const INVITATION_LIST_LIMIT = 200;

/**
 * GET /api/v1/invitations (administrators): the invitations not accepted yet, newest sent first;
 * the expired ones too, marked, so that they can be resent or revoked.
 */
export async function listInvitationsFor(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<ListResponse<InvitationRow>> {
  requireAdministrator(caller);
  const organisationId = caller.organisation.id;
  const [invitations, total] = await Promise.all([
    listOpenInvitations(ctx.db, organisationId, INVITATION_LIST_LIMIT),
    countOpenInvitations(ctx.db, organisationId),
  ]);
  const now = new Date();
  return { items: invitations.map((invitation) => presentInvitationRow(invitation, now)), total };
}

/**
 * POST /api/v1/invitations/{id}/resend (administrators): a new link with a new expiry, mailed again;
 * the old link stops working. An expired invitation takes a seat again, so the plan is checked; an
 * address that got an account meanwhile is refused. Answers `mail_sent` like the invitation.
 * `countResend` counts the resend against the invitation's limit (429 beyond it): called once the
 * caller is known to be allowed, so nobody else can use up an invitation's resends.
 */
export async function resendInvitation(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  countResend: (invitationId: string) => Promise<void>,
): Promise<InvitationSentResponse> {
  const invitation = await findInvitationOf(ctx, caller, id);
  await countResend(invitation.id);
  await assertEmailAvailable(ctx.db, invitation.email);
  const link = newEmailToken();
  const now = new Date();
  const sent = {
    token_hash: link.hash,
    expires_at: new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString(),
    created_at: now.toISOString(),
  };
  await runChange(ctx.db, caller.organisation.id, async (trx) => {
    await requireWithinPlan(trx, ctx.config.billing, caller.organisation.id, 'user', {
      email: invitation.email,
    });
    // Accepted or revoked since it was read: gone, as for any other missing invitation.
    if (!(await reissueInvitation(trx, invitation, sent))) throw AppError.notFound();
    await auditByCaller(trx, caller, `Resent the invitation of ${describe(invitation)}`, 'Invitation', id);
  });
  return mailInvitation(ctx, caller, { ...invitation, ...sent }, link.token);
}

/**
 * DELETE /api/v1/invitations/{id} (administrators): the link stops working at once and the seat is
 * free again. The invitee is not told (they were never a member).
 */
export async function revokeInvitation(ctx: ServiceContext, caller: CallerAccess, id: string): Promise<void> {
  const invitation = await findInvitationOf(ctx, caller, id);
  await runChange(ctx.db, caller.organisation.id, async (trx) => {
    if (!(await deleteOpenInvitation(trx, caller.organisation.id, id))) throw AppError.notFound();
    await auditByCaller(trx, caller, `Revoked the invitation of ${describe(invitation)}`, 'Invitation', id);
  });
}

// Administrators only; an accepted invitation, or one of another organisation, is not found.
async function findInvitationOf(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
): Promise<OpenInvitation> {
  requireAdministrator(caller);
  const invitation = await findOpenInvitation(ctx.db, caller.organisation.id, id);
  if (!invitation) throw AppError.notFound();
  return invitation;
}

function describe(invitation: Pick<OpenInvitation, 'name' | 'email'>): string {
  return `${invitation.name} (${invitation.email})`;
}
