import { type MailOutcome, normaliseEmailInput, type UserDetail, validateUserForm } from '@coffer/core';
import { requireWithinPlan } from '../../billing/plan-limits.js';
import { syncSeatsAfterCommit, syncSeatsInTransaction } from '../../billing/seats.js';
import { AppError } from '../../errors/app-error.js';
import { sendConfirmationMail } from '../../mail/account-mails.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { requireAdministrator } from '../../policy/index.js';
import { insertMemberships, readOnlyMemberships } from '../../repositories/membership-repository.js';
import { findDefaultTeamIds } from '../../repositories/team-repository.js';
import type { KeyMaterialInput } from '../accounts/key-material-validator.js';
import {
  assertEmailAvailable,
  insertAccount,
  newEmailToken,
  prepareAccountKeys,
} from '../accounts/new-account.js';
import { auditByCaller } from '../caller-audit.js';
import { chosenId, requireFreeId } from '../client-chosen-id.js';
import { beginKeyChange, reconcileKeys } from '../key-bookkeeping.js';
import type { ServiceContext } from '../service-context.js';
import { checkChosenTeams } from '../teams/team-selection.js';
import { runMembershipChange } from '../trust-log/membership-change.js';
import { parseTrustEntries } from '../trust-log/trust-entries-guard.js';
import { loadUserDetail } from './user-query-service.js';

/** The `user` object of POST /api/v1/users: keys made in the administrator's browser from a generated password. */
export interface UserCreationInput extends KeyMaterialInput {
  /** A UUID the browser chose, so that its signed admission can name the user (issue 30). */
  id?: unknown;
  name?: string;
  email?: string;
  team_ids?: string[];
}

/**
 * POST /api/v1/users (administrators): adds a user who must confirm their e-mail, then sign in
 * with the generated password and choose their own (must_change_password, first_time). They join
 * 'Everyone' and the chosen teams. Answers the user as the admin area shows them: Pending
 * (confirmed_at null), with `mail_sent`: a confirmation mail that did not leave keeps the user (the
 * administrator resends it from the user's page). An e-mail that has an account is 400 'Email has
 * already been taken'.
 */
export async function createUserByAdministrator(
  ctx: ServiceContext,
  caller: CallerAccess,
  input: UserCreationInput,
  trustEntries?: unknown,
): Promise<UserDetail & MailOutcome> {
  requireAdministrator(caller);
  const entries = parseTrustEntries(trustEntries);
  const id = chosenId(input.id);
  const name = (input.name ?? '').trim();
  const email = normaliseEmailInput(input.email);
  const problem = validateUserForm({ userName: name, userEmail: email }).errors[0];
  if (problem) throw AppError.validation(problem);
  const chosenTeams = await checkChosenTeams(ctx.db, caller.organisation.id, input.team_ids);
  await assertEmailAvailable(ctx.db, email);
  const keys = await prepareAccountKeys(input, ctx.config.minKdfIterations);

  const confirmation = newEmailToken();
  const now = new Date().toISOString();
  const user = await runMembershipChange(ctx.db, caller, entries, async (trx) => {
    await beginKeyChange(trx, caller.organisation.id);
    await requireWithinPlan(trx, ctx.config.billing, caller.organisation.id, 'user', { email });
    await requireFreeId(trx, 'users', id);
    const created = await insertAccount(
      trx,
      {
        ...keys,
        organisation_id: caller.organisation.id,
        name,
        email,
        administrator: false,
        first_time: true,
        must_change_password: true,
        confirmation_token_hash: confirmation.hash,
        confirmation_sent_at: now,
      },
      id,
    );
    const defaultTeams = await findDefaultTeamIds(trx, caller.organisation.id);
    await insertMemberships(
      trx,
      created.organisation_id,
      readOnlyMemberships(created.id, [...defaultTeams, ...chosenTeams]),
    );
    await reconcileKeys(trx, created.organisation_id, { userIds: [created.id] });
    await syncSeatsInTransaction(trx, ctx, caller.organisation.id);
    await auditByCaller(trx, caller, `Added user ${name} (${email})`, 'User', created.id);
    return created;
  });
  await syncSeatsAfterCommit(ctx, caller.organisation.id);
  const mail_sent = await sendConfirmationMail(ctx, user, confirmation.token);
  return { ...(await loadUserDetail(ctx.db, caller, user)), mail_sent };
}
