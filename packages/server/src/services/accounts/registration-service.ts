import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TEAM_NAME,
  isTicked,
  type MailOutcome,
  normaliseEmailInput,
  validateRegisterInitial,
} from '@coffer/core';
import { AppError } from '../../errors/app-error.js';
import { sendAddressInUseNotice, sendConfirmationMail } from '../../mail/account-mails.js';
import { insertMemberships, readOnlyMemberships } from '../../repositories/membership-repository.js';
import { insertOrganisation, setOrganisationOwner } from '../../repositories/organisation-repository.js';
import { insertDefaultTeam } from '../../repositories/team-repository.js';
import { findUserByEmail, type User } from '../../repositories/user-repository.js';
import { auditOwnAccount } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { acceptInvitation } from './invitation-acceptance-service.js';
import { insertAccount, newEmailToken, prepareAccountKeys } from './new-account.js';
import type { RegistrationInput } from './registration-input.js';

/** What POST /users answers about the new account. */
export type RegisteredAccount = Pick<User, 'id' | 'name' | 'email' | 'confirmed_at'>;

/**
 * An owner's registration also says whether the mail to the address left (`mail_sent`); accepting an
 * invitation mails nothing, so its answer has no such field.
 */
export type Registration = RegisteredAccount & Partial<MailOutcome>;

/** POST /users: a new organisation with its owner, or, with an invitation token, a new member. */
export function register(ctx: ServiceContext, input: RegistrationInput): Promise<Registration> {
  if (input.invitation_token !== undefined) return acceptInvitation(ctx, input);
  return registerOrganisation(ctx, input);
}

/**
 * Creates the organisation, its owner (administrator, first_time), and the default team
 * 'Everyone' with the owner in it, in one transaction with its audit entry; then sends the
 * confirmation e-mail. The owner cannot sign in before confirming. `mail_sent` says whether the mail
 * left; the account is kept either way ('Resend email' asks again).
 *
 * An address that already has an account is answered exactly as a new one (review L2: the answer
 * must not tell who has an account), after the same key checks and Argon2id hashing so that it
 * takes as long; nothing is created and the address's owner is told instead. Its `mail_sent` is that
 * notice's: either way it tells whether mail to the address left, not which mail it was.
 */
async function registerOrganisation(
  ctx: ServiceContext,
  input: RegistrationInput,
): Promise<RegisteredAccount & MailOutcome> {
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
  const keys = await prepareAccountKeys(input, ctx.config.minKdfIterations);
  const owner = await findUserByEmail(ctx.db, email);
  if (owner) {
    const mail_sent = await sendAddressInUseNotice(ctx, owner, 'registration');
    return { id: randomUUID(), name, email, confirmed_at: null, mail_sent };
  }

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
  const mail_sent = await sendConfirmationMail(ctx, user, confirmation.token);
  return { id: user.id, name: user.name, email: user.email, confirmed_at: user.confirmed_at, mail_sent };
}
