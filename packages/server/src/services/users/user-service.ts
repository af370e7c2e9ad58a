import { PASSWORDS_MUST_MATCH_MESSAGE, type UserDetail, validateUserForm } from '@coffer/core';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/password-hash.js';
import { requireFreshPassword } from '../../auth/step-up.js';
import { syncSeatsAfterCommit, syncSeatsInTransaction } from '../../billing/seats.js';
import type { Database, UserUpdate } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { sendTwoFactorDisabledNotice } from '../../mail/account-mails.js';
import {
  type CallerAccess,
  PROMOTE_LOCKED_MESSAGE,
  requireAdministratorToggle,
  requireDataAdministratorGrant,
  requireLockable,
  requireManagedUser,
  requireRemovable,
  requireResettable,
} from '../../policy/index.js';
import { describeAuditUser } from '../../repositories/audit-log-repository.js';
import { deletePendingEmailChange } from '../../repositories/email-change-repository.js';
import { queueKeyPurge } from '../../repositories/key-purge-repository.js';
import { recordLostKeys } from '../../repositories/lost-key-recording.js';
import { deleteManagersOfUser } from '../../repositories/manager-repository.js';
import {
  deleteMemberships,
  deleteMembershipsOfUser,
  insertMemberships,
  listMembershipsOfUser,
  updateMembershipAccess,
} from '../../repositories/membership-repository.js';
import { deleteRecoveryCodes } from '../../repositories/recovery-code-repository.js';
import { deleteKeyRemovalsOfUser, deleteKeysOfUser } from '../../repositories/secret-key-repository.js';
import { revokeUserSessions } from '../../repositories/session-repository.js';
import { findDefaultTeamIds, findTeamIdsInOrganisation } from '../../repositories/team-repository.js';
import { deleteUserRow, findUserById, type User, updateUser } from '../../repositories/user-repository.js';
import {
  type KeyMaterialInput,
  parseIterations,
  validateKeyMaterial,
} from '../accounts/key-material-validator.js';
import { auditByCaller } from '../caller-audit.js';
import { beginKeyChange, reconcileKeys, recordKeyChange } from '../key-bookkeeping.js';
import {
  type NestedAttribute,
  type NestedPlan,
  planChangesSomething,
  planNestedChanges,
} from '../nested-attributes.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { runMembershipChange } from '../trust-log/membership-change.js';
import { parseTrustEntries, TRUST_ENTRIES_MISMATCH_MESSAGE } from '../trust-log/trust-entries-guard.js';
import { loadUserDetail } from './user-query-service.js';

/** Nested membership changes that would touch the default team (the edit-user form leaves it out). */
export const DEFAULT_TEAM_MEMBERSHIP_MESSAGE = "The default team's members are not changed on a user.";

/** The audit entry's ending when a reset turned the user's two-factor off. */
export const RESET_TWO_FACTOR_OFF = ' and turned off their two-factor authentication';

/** Body of `PUT api/v1/users/{id}` (`user`): the e-mail is read-only when editing. */
export interface UserChangeInput {
  name?: string;
  administrator?: boolean;
  data_administrator?: boolean;
  memberships_attributes?: NestedAttribute[];
}

/** Body of `PATCH api/v1/users/{id}/reset_password` (`user`, spec section 3's reset payload). */
export interface PasswordResetInput extends KeyMaterialInput {
  password_confirmation?: unknown;
}

async function findManagedUser(ctx: ServiceContext, caller: CallerAccess, id: string): Promise<User> {
  return requireManagedUser(caller, await findUserById(ctx.db, caller.organisation.id, id));
}

/**
 * PUT api/v1/users/{id} (administrators): name, administrator flag (never on oneself or the owner),
 * data administrator flag (the owner's to give) and memberships (`team_id`, `edit_access`, `_destroy`;
 * never the default team's). Everything is checked before anything is written; keys the user can no
 * longer use are deleted in the same transaction, with one audit entry naming what changed. A change
 * of the administrator flag also needs a password proven within five minutes (after every other
 * check, so a refused caller learns nothing new): a stolen session token alone must not make an
 * accomplice an administrator, whom every browser would then share every secret with.
 */
export async function updateUserByAdministrator(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  input: UserChangeInput,
  trustEntries?: unknown,
): Promise<UserDetail> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const target = await findManagedUser(ctx, caller, id);
  const entries = parseTrustEntries(trustEntries);
  const values: UserUpdate = {};
  const changes: string[] = [];

  if (input.name !== undefined) {
    const name = input.name.trim();
    const [problem] = validateUserForm({ userName: name, userEmail: target.email }).errors;
    if (problem) throw AppError.validation(problem);
    if (name !== target.name) {
      values.name = name;
      changes.push(`renamed to ${name}`);
    }
  }
  if (input.administrator !== undefined && input.administrator !== target.administrator) {
    requireAdministratorToggle(caller, target);
    if (input.administrator && target.locked) throw AppError.validation(PROMOTE_LOCKED_MESSAGE);
    values.administrator = input.administrator;
    changes.push(input.administrator ? 'made administrator' : 'administrator rights removed');
  }
  if (input.data_administrator !== undefined && input.data_administrator !== target.data_administrator) {
    requireDataAdministratorGrant(caller);
    values.data_administrator = input.data_administrator;
    changes.push(input.data_administrator ? 'made data administrator' : 'data administrator rights removed');
  }
  const plan = await planMemberships(db, organisationId, target, input.memberships_attributes ?? []);
  const membershipsChange = planChangesSomething(plan);
  if (membershipsChange) changes.push('teams changed');
  if (changes.length === 0) {
    // Entries for a call that changes nothing describe some other change.
    if (entries.length > 0) throw AppError.unprocessable(TRUST_ENTRIES_MISMATCH_MESSAGE);
    return loadUserDetail(db, caller, target);
  }
  if (values.administrator !== undefined) requireFreshPassword(caller);

  const updated = await runMembershipChange(db, caller, entries, async (trx) => {
    await beginKeyChange(trx, organisationId);
    await deleteMemberships(trx, organisationId, plan.destroys);
    for (const update of plan.updates) {
      await updateMembershipAccess(trx, organisationId, update.id, update.edit_access);
    }
    await insertMemberships(
      trx,
      organisationId,
      plan.creates.map(({ ref, edit_access }) => ({ team_id: ref, user_id: target.id, edit_access })),
    );
    const user = await updateUser(trx, target, values);
    // Administrators reach every chest: manager rights would only duplicate that.
    if (values.administrator === true) await deleteManagersOfUser(trx, organisationId, target.id);
    if (membershipsChange || values.administrator !== undefined) {
      await reconcileKeys(trx, organisationId, { userIds: [target.id] });
    }
    const action = `Updated user ${describeAuditUser(user)}: ${changes.join(', ')}`;
    await auditByCaller(trx, caller, action, 'User', user.id);
    return user;
  });
  return loadUserDetail(db, caller, updated);
}

/** The user's membership changes; teams must be of the organisation, and never the default team. */
async function planMemberships(
  db: Kysely<Database>,
  organisationId: string,
  target: User,
  attributes: readonly NestedAttribute[],
): Promise<NestedPlan> {
  if (attributes.length === 0) return { creates: [], updates: [], destroys: [], finalRefs: [] };
  const existing = await listMembershipsOfUser(db, organisationId, target.id);
  const plan = planNestedChanges(
    attributes,
    existing.map((row) => ({ id: row.id, ref: row.team_id, edit_access: row.edit_access })),
    'team_id',
    'Membership',
  );
  const wanted = plan.creates.map((create) => create.ref);
  if ((await findTeamIdsInOrganisation(db, organisationId, wanted)).length !== wanted.length) {
    throw AppError.validation('Team not found.');
  }
  const defaultTeams = new Set(await findDefaultTeamIds(db, organisationId));
  const teamOf = new Map(existing.map((row) => [row.id, row.team_id]));
  const touched = [
    ...wanted,
    ...[...plan.updates.map((update) => update.id), ...plan.destroys].map((id) => teamOf.get(id) ?? ''),
  ];
  if (touched.some((teamId) => defaultTeams.has(teamId))) {
    throw AppError.validation(DEFAULT_TEAM_MEMBERSHIP_MESSAGE);
  }
  return plan;
}

/**
 * DELETE api/v1/users/{id} (administrators; never oneself or the owner): the user's memberships
 * (uncounted from their teams), manager rights, sessions and recovery codes go with them, in one
 * transaction with the audit entry and the rotation list's rows; their wrapped keys, unreadable from
 * that commit on, are purged just after it. The audit log keeps what they did.
 */
export async function removeUserByAdministrator(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  trustEntries?: unknown,
): Promise<void> {
  const organisationId = caller.organisation.id;
  const target = await findManagedUser(ctx, caller, id);
  requireRemovable(caller, target);
  const entries = parseTrustEntries(trustEntries);
  await runMembershipChange(ctx.db, caller, entries, async (trx) => {
    // Held first, so a save racing the removal either lands before (and is recorded at its new
    // revision) or after (and wraps no key for the removed user): rotation-repository.ts.
    await beginKeyChange(trx, organisationId);
    const now = new Date().toISOString();
    await recordLostKeys(trx, organisationId, { userId: target.id }, 'removed', now);
    await deleteMembershipsOfUser(trx, organisationId, target.id);
    await deleteManagersOfUser(trx, organisationId, target.id);
    // Their wrapped keys go after the commit (key-purger.ts): deleting 20,000 here took seconds.
    // Sessions, recovery codes and the invitations they sent cascade with the row.
    await queueKeyPurge(trx, organisationId, target.id, now);
    await deleteUserRow(trx, target);
    // No device of theirs can sync again: what it would have been told of goes too.
    await deleteKeyRemovalsOfUser(trx, organisationId, target.id);
    await syncSeatsInTransaction(trx, ctx, organisationId);
    await auditByCaller(trx, caller, `Removed user ${describeAuditUser(target)}`, 'User', target.id);
  });
  await syncSeatsAfterCommit(ctx, organisationId);
  ctx.keyPurger.wake();
}

/**
 * GET (also POST) api/v1/users/{id}/lock and unlock (administrators). Locking never applies to
 * an administrator; it ends every session of the user at once, and sign-in refuses them with the
 * locked message. A call that changes nothing writes nothing.
 */
export async function setUserLocked(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  locked: boolean,
): Promise<UserDetail> {
  const target = await findManagedUser(ctx, caller, id);
  if (locked) requireLockable(caller, target);
  if (target.locked === locked) return loadUserDetail(ctx.db, caller, target);
  const updated = await runChange(ctx.db, caller.organisation.id, async (trx) => {
    if (locked) {
      // A locked user keeps their keys (unlocking gives them back their secrets), but what they
      // could read until now may have left with them: it joins the rotation list (issue 31).
      await beginKeyChange(trx, caller.organisation.id);
      await recordLostKeys(
        trx,
        caller.organisation.id,
        { userId: target.id },
        'locked',
        new Date().toISOString(),
      );
    }
    const user = await updateUser(trx, target, { locked });
    if (locked) await revokeUserSessions(trx, user, 'locked');
    const action = `${locked ? 'Locked' : 'Unlocked'} user ${describeAuditUser(user)}`;
    await auditByCaller(trx, caller, action, 'User', user.id);
    return user;
  });
  return loadUserDetail(ctx.db, caller, updated);
}

/**
 * PATCH api/v1/users/{id}/reset_password (administrators; never their own or the owner's): a new key
 * pair made in the administrator's browser from a password they chose or generated (12+ characters),
 * its private key sealed as registration does. The server stores it, sets must_change_password, ends
 * the user's sessions and drops the user's wrapped keys (they open nothing now): the user's secrets
 * show as missing keys for administrators to reshare. When the user then sets a personal password,
 * their own browser makes a fresh key pair (password-service.ts), so the administrator's knowledge of
 * this one opens nothing for long.
 *
 * The reset also turns the user's two-factor off (seed, pending seed and recovery codes go), named in
 * the audit entry and mailed to the user as the user's own disabling is: a thief who turned it on
 * with their own seed must not lock the user out for good. It needs a password proven within five
 * minutes, checked after the caller's rights and the payload.
 */
export async function resetUserPassword(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  input: PasswordResetInput,
  trustEntries?: unknown,
): Promise<UserDetail> {
  const target = await findManagedUser(ctx, caller, id);
  requireResettable(caller, target);
  const entries = parseTrustEntries(trustEntries);
  const problem = validateKeyMaterial(input, {
    fields: [
      'password',
      'public_key',
      'encrypted_private_key',
      'private_key_iv',
      ...(input.kdf_iterations === undefined ? [] : (['kdf_iterations'] as const)),
    ],
    minKdfIterations: ctx.config.minKdfIterations,
  });
  if (problem) throw AppError.validation(problem);
  if (input.password_confirmation !== input.password) throw AppError.validation(PASSWORDS_MUST_MATCH_MESSAGE);
  requireFreshPassword(caller);

  const values: UserUpdate = {
    password_hash: await hashPassword(String(input.password)),
    public_key: String(input.public_key),
    encrypted_private_key: String(input.encrypted_private_key),
    private_key_iv: String(input.private_key_iv),
    kdf_iterations: parseIterations(input.kdf_iterations) ?? target.kdf_iterations,
    key_version: target.key_version + 1,
    must_change_password: true,
    otp_required_for_login: false,
    otp_secret_encrypted: null,
    otp_last_step: null,
  };
  const twoFactorWasOn = target.otp_required_for_login;
  const updated = await runMembershipChange(ctx.db, caller, entries, async (trx) => {
    // First: the organisation's row, as in every change of secrets or keys (key-bookkeeping.ts).
    await beginKeyChange(trx, caller.organisation.id);
    const user = await updateUser(trx, target, values);
    await revokeUserSessions(trx, user, 'password_reset');
    await deleteRecoveryCodes(trx, user);
    // Its credentials came from the password just replaced (email-change-service.ts).
    await deletePendingEmailChange(trx, user);
    await deleteKeysOfUser(trx, caller.organisation.id, user.id);
    await recordKeyChange(trx, caller.organisation.id, { userIds: [user.id] });
    const action = `Reset the password of ${describeAuditUser(user)}${twoFactorWasOn ? RESET_TWO_FACTOR_OFF : ''}`;
    await auditByCaller(trx, caller, action, 'User', user.id);
    return user;
  });
  if (twoFactorWasOn) await sendTwoFactorDisabledNotice(ctx, updated);
  return loadUserDetail(ctx.db, caller, updated);
}
