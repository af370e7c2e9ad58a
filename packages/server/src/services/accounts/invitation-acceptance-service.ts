import { isTicked, normaliseEmailInput, validateRegisterInitial } from '@coffer/core';
import { hashToken } from '../../auth/session-token.js';
import { requireWithinPlan } from '../../billing/plan-limits.js';
import { syncSeatsAfterCommit, syncSeatsInTransaction } from '../../billing/seats.js';
import { AppError } from '../../errors/app-error.js';
import {
  findInvitationByTokenHash,
  type Invitation,
  markInvitationAccepted,
} from '../../repositories/invitation-repository.js';
import { insertMemberships, readOnlyMemberships } from '../../repositories/membership-repository.js';
import { findOrganisationById } from '../../repositories/organisation-repository.js';
import { findDefaultTeamIds, findTeamIdsInOrganisation } from '../../repositories/team-repository.js';
import type { User } from '../../repositories/user-repository.js';
import { auditOwnAccount } from '../caller-audit.js';
import { beginKeyChange, reconcileKeys } from '../key-bookkeeping.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { assertEmailAvailable, insertAccount, prepareAccountKeys } from './new-account.js';
import type { RegistrationInput } from './registration-input.js';

/** An unknown, used or expired invitation link. */
export const INVITATION_INVALID = 'Invitation token is invalid';
/** The registration names another address than the invitation went to. */
export const INVITATION_EMAIL_MISMATCH = 'Email does not match the invitation.';

/**
 * Sub-step of acceptInvitation and getInvitationDetails: the invitation of a token if it can still
 * be used (not accepted, not expired), else null.
 */
export async function findUsableInvitation(
  ctx: Pick<ServiceContext, 'db'>,
  token: unknown,
): Promise<Invitation | null> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 256) return null;
  const invitation = await findInvitationByTokenHash(ctx.db, hashToken(token));
  if (!invitation || invitation.accepted_at) return null;
  if (Date.parse(invitation.expires_at) <= Date.now()) return null;
  return invitation;
}

/**
 * POST /users with user[invitation_token]: the invitee joins the inviting organisation as a
 * non-administrator (first_time), in 'Everyone' and the invitation's teams, confirmed at once
 * (the link reached their mailbox). The invitation works once.
 */
export async function acceptInvitation(ctx: ServiceContext, input: RegistrationInput): Promise<User> {
  const invitation = await findUsableInvitation(ctx, input.invitation_token);
  if (!invitation) throw AppError.validation(INVITATION_INVALID);
  const organisation = await findOrganisationById(ctx.db, invitation.organisation_id);
  if (!organisation) throw AppError.validation(INVITATION_INVALID);
  const email = normaliseEmailInput(input.email ?? invitation.email);
  const name = (input.name ?? '').trim() || invitation.name;
  const problem = validateRegisterInitial(
    { company: organisation.name, email, termsOfService: input.termsOfService },
    { invited: true },
  ).errors[0];
  if (problem) throw AppError.validation(problem);
  if (email !== invitation.email) throw AppError.validation(INVITATION_EMAIL_MISMATCH);
  await assertEmailAvailable(ctx.db, email);
  const keys = await prepareAccountKeys(input, ctx.config.minKdfIterations);

  const now = new Date().toISOString();
  const joined = await runChange(ctx.db, organisation.id, async (trx) => {
    await beginKeyChange(trx, organisation.id);
    // The plan may have lapsed since the invitation was sent; its own seat is not counted twice.
    await requireWithinPlan(trx, ctx.config.billing, organisation.id, 'user', { email });
    if (!(await markInvitationAccepted(trx, invitation, now))) throw AppError.validation(INVITATION_INVALID);
    const user = await insertAccount(trx, {
      ...keys,
      organisation_id: organisation.id,
      name,
      email,
      administrator: false,
      first_time: true,
      marketing_opt_in: isTicked(input.marketingOptIn),
      terms_accepted_at: now,
      confirmed_at: now,
    });
    const teamIds = [
      ...(await findDefaultTeamIds(trx, organisation.id)),
      ...(await findTeamIdsInOrganisation(trx, organisation.id, invitation.team_ids)),
    ];
    await insertMemberships(trx, user.organisation_id, readOnlyMemberships(user.id, teamIds));
    await reconcileKeys(trx, user.organisation_id, { userIds: [user.id] });
    await syncSeatsInTransaction(trx, ctx, organisation.id);
    await auditOwnAccount(trx, user, `Joined ${organisation.name} by invitation`);
    return user;
  });
  await syncSeatsAfterCommit(ctx, organisation.id);
  return joined;
}
