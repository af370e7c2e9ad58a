import { type User as ApiUser, normaliseEmailInput, validateUserForm } from '@coffer/core';
import type { AuthContext } from '../auth/authenticate.js';
import { AppError } from '../http/app-error.js';
import { sendConfirmationMail } from '../mail/account-mails.js';
import { requireAdministrator } from '../policy/index.js';
import { presentUser } from '../presenters/profile-presenter.js';
import {
  findDefaultTeamIds,
  insertMemberships,
  listUserTeams,
} from '../repositories/account-team-repository.js';
import type { AccountDeps } from './account-deps.js';
import { writeAudit } from './audit-log.js';
import type { KeyMaterialInput } from './key-material-validator.js';
import { assertEmailAvailable, insertAccount, newEmailToken, prepareAccountKeys } from './new-account.js';
import { checkChosenTeams } from './team-selection.js';

/** The `user` object of POST /api/v1/users: keys made in the administrator's browser from a generated password. */
export interface UserCreationInput extends KeyMaterialInput {
  name?: string;
  email?: string;
  team_ids?: string[];
}

/**
 * POST /api/v1/users (administrators): adds a user who must confirm their e-mail, then sign in
 * with the generated password and choose their own (must_change_password, first_time). They join
 * 'Everyone' and the chosen teams.
 */
export async function createUserByAdministrator(
  deps: AccountDeps,
  auth: AuthContext,
  input: UserCreationInput,
): Promise<ApiUser> {
  requireAdministrator(auth);
  const name = (input.name ?? '').trim();
  const email = normaliseEmailInput(input.email);
  const problem = validateUserForm({ userName: name, userEmail: email }).errors[0];
  if (problem) throw AppError.validation(problem);
  const chosenTeams = await checkChosenTeams(deps.db, auth.organisation.id, input.team_ids);
  await assertEmailAvailable(deps.db, email);
  const keys = await prepareAccountKeys(input, deps.config.minKdfIterations);

  const confirmation = newEmailToken();
  const now = new Date().toISOString();
  const user = await deps.db.transaction().execute(async (trx) => {
    const created = await insertAccount(trx, {
      ...keys,
      organisation_id: auth.organisation.id,
      name,
      email,
      administrator: false,
      first_time: true,
      must_change_password: true,
      confirmation_token_hash: confirmation.hash,
      confirmation_sent_at: now,
    });
    const defaultTeams = await findDefaultTeamIds(trx, auth.organisation.id);
    await insertMemberships(trx, created, [...defaultTeams, ...chosenTeams]);
    await writeAudit(trx, {
      organisationId: auth.organisation.id,
      user: auth.user,
      action: `Added user ${name} (${email})`,
      objectType: 'User',
      objectId: created.id,
    });
    return created;
  });
  await sendConfirmationMail(deps, user, confirmation.token);
  return presentUser(user, auth.organisation, await listUserTeams(deps.db, user));
}
