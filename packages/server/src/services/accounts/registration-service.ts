import { randomUUID } from 'node:crypto';
import { DEFAULT_TEAM_NAME, isTicked, normaliseEmailInput, validateRegisterInitial } from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import { sendConfirmationMail } from '../../mail/account-mails.js';
import { insertMemberships, readOnlyMemberships } from '../../repositories/membership-repository.js';
import { insertOrganisation, setOrganisationOwner } from '../../repositories/organisation-repository.js';
import { insertDefaultTeam } from '../../repositories/team-repository.js';
import type { User } from '../../repositories/user-repository.js';
import { auditOwnAccount } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { acceptInvitation } from './invitation-acceptance-service.js';
import { assertEmailAvailable, insertAccount, newEmailToken, prepareAccountKeys } from './new-account.js';
import type { RegistrationInput } from './registration-input.js';

/** POST /users: a new organisation with its owner, or, with an invitation token, a new member. */
export function register(ctx: ServiceContext, input: RegistrationInput): Promise<User> {
  if (input.invitation_token !== undefined) return acceptInvitation(ctx, input);
  return registerOrganisation(ctx, input);
}

/**
 * Creates the organisation, its owner (administrator, first_time), and the default team
 * 'Everyone' with the owner in it, in one transaction with its audit entry; then sends the
 * confirmation e-mail. The owner cannot sign in before confirming.
 */
async function registerOrganisation(ctx: ServiceContext, input: RegistrationInput): Promise<User> {
  const company = (input.owned_organisation_attributes?.name ?? '').trim();
  const name = (input.name ?? '').trim();
  const email = normaliseEmailInput(input.email);
  const problem = validateRegisterInitial({
    company,
    fullname: name,
    email,
    termsOfService: input.termsOfService,
  }).errors[0];
  if (problem) throw AppError.validation(problem);
  await assertEmailAvailable(ctx.db, email);
  const keys = await prepareAccountKeys(input, ctx.config.minKdfIterations);

  const confirmation = newEmailToken();
  const now = new Date().toISOString();
  const organisationId = randomUUID();
  const user = await runChange(ctx.db, organisationId, async (trx) => {
    const organisation = await insertOrganisation(trx, {
      id: organisationId,
      name: company,
      created_at: now,
      updated_at: now,
    });
    const owner = await insertAccount(trx, {
      ...keys,
      organisation_id: organisation.id,
      name,
      email,
      administrator: true,
      first_time: true,
      marketing_opt_in: isTicked(input.marketingOptIn),
      terms_accepted_at: now,
      confirmation_token_hash: confirmation.hash,
      confirmation_sent_at: now,
    });
    await setOrganisationOwner(trx, organisation.id, owner.id);
    const team = await insertDefaultTeam(trx, organisation.id, DEFAULT_TEAM_NAME);
    await insertMemberships(trx, owner.organisation_id, readOnlyMemberships(owner.id, [team.id]));
    await auditOwnAccount(trx, owner, `Registered the organisation ${company}`);
    return owner;
  });
  await sendConfirmationMail(ctx, user, confirmation.token);
  return user;
}
