import { randomUUID } from 'node:crypto';
import {
  type InvitationDetails,
  type InvitationSentResponse,
  normaliseEmailInput,
  validateUserForm,
} from '@coffer/core';
import { requireWithinPlan } from '../../billing/plan-limits.js';
import { AppError } from '../../errors/app-error.js';
import { sendInvitationMail } from '../../mail/account-mails.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { requireAdministrator } from '../../policy/index.js';
import { presentInvitation } from '../../presenters/invitation-presenter.js';
import {
  deletePendingInvitations,
  type Invitation,
  insertInvitation,
} from '../../repositories/invitation-repository.js';
import { findOrganisationById } from '../../repositories/organisation-repository.js';
import { findUserById } from '../../repositories/user-repository.js';
import { findUsableInvitation } from '../accounts/invitation-acceptance-service.js';
import { assertEmailAvailable, newEmailToken } from '../accounts/new-account.js';
import { auditByCaller } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { checkChosenTeams } from '../teams/team-selection.js';

/** An invitation link works this long. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The `invitation` object of POST /api/v1/invitations. */
export interface InvitationInput {
  name?: string;
  email?: string;
  team_ids?: string[];
}

/**
 * POST /api/v1/invitations (administrators): invites an address that has no account yet into
 * the organisation, optionally into teams, and mails the link. An earlier pending invitation of
 * the same address stops working. The invitation is kept when the mail fails (`mail_sent: false`).
 */
export async function createInvitation(
  ctx: ServiceContext,
  caller: CallerAccess,
  input: InvitationInput,
): Promise<InvitationSentResponse> {
  requireAdministrator(caller);
  const name = (input.name ?? '').trim();
  const email = normaliseEmailInput(input.email);
  const problem = validateUserForm({ userName: name, userEmail: email }).errors[0];
  if (problem) throw AppError.validation(problem);
  await assertEmailAvailable(ctx.db, email);
  const teamIds = await checkChosenTeams(ctx.db, caller.organisation.id, input.team_ids);

  const link = newEmailToken();
  const now = new Date();
  const invitation = await runChange(ctx.db, caller.organisation.id, async (trx) => {
    // A pending invitation holds a seat; one to the same address is replaced, not added.
    await requireWithinPlan(trx, ctx.config.billing, caller.organisation.id, 'user', { email });
    await deletePendingInvitations(trx, caller.organisation.id, email);
    const created = await insertInvitation(trx, {
      id: randomUUID(),
      organisation_id: caller.organisation.id,
      inviter_id: caller.user.id,
      name,
      email,
      team_ids: teamIds,
      token_hash: link.hash,
      expires_at: new Date(now.getTime() + INVITATION_LIFETIME_MS).toISOString(),
      created_at: now.toISOString(),
    });
    await auditByCaller(trx, caller, `Invited ${name} (${email})`, 'Invitation', created.id);
    return created;
  });
  return mailInvitation(ctx, caller, { ...invitation, inviter: caller.user.name }, link.token);
}

/**
 * Sub-step of createInvitation and resendInvitation, after the commit: mails the link and answers the
 * invitation with `mail_sent`. A failed mail keeps the invitation (its row offers Resend).
 */
export async function mailInvitation(
  ctx: ServiceContext,
  caller: CallerAccess,
  invitation: Invitation & { inviter: string },
  token: string,
): Promise<InvitationSentResponse> {
  const mailSent = await sendInvitationMail(
    ctx,
    {
      email: invitation.email,
      name: invitation.name,
      inviter: invitation.inviter,
      company: caller.organisation.name,
    },
    token,
  );
  return { ...presentInvitation(invitation, invitation.inviter), mail_sent: mailSent };
}

/** GET /api/v1/invitations/{token}: what the register form prefills; 404 when unusable. */
export async function getInvitationDetails(ctx: ServiceContext, token: string): Promise<InvitationDetails> {
  const invitation = await findUsableInvitation(ctx, token);
  if (!invitation) throw AppError.notFound();
  const [organisation, inviter] = await Promise.all([
    findOrganisationById(ctx.db, invitation.organisation_id),
    findUserById(ctx.db, invitation.organisation_id, invitation.inviter_id),
  ]);
  if (!organisation) throw AppError.notFound();
  return {
    company: organisation.name,
    name: invitation.name,
    email: invitation.email,
    inviter: inviter?.name ?? organisation.name,
  };
}
