import { ALREADY_MANAGER_MESSAGE, type Chest, NOT_A_MANAGER_MESSAGE } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { type CallerAccess, requireAdministrator, requireVisibleChest } from '../../policy/index.js';
import { loadChestAccessRows } from '../../repositories/chest-access-repository.js';
import { type ChestRecord, findChest } from '../../repositories/chest-repository.js';
import { deleteManager, insertManager } from '../../repositories/manager-repository.js';
import { type DirectoryUser, findDirectoryUsers } from '../../repositories/user-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { beginKeyChange, reconcileKeys } from '../key-bookkeeping.js';
import type { ServiceContext } from '../service-context.js';
import { runMembershipChange } from '../trust-log/membership-change.js';
import { parseTrustEntries } from '../trust-log/trust-entries-guard.js';
import { showChestFor } from './chest-query-service.js';

/** Promote refuses administrators: they already reach every chest. */
export const ADMINISTRATOR_MANAGER_MESSAGE = 'Administrators already have access to every chest.';
/** Promote refuses users outside the chest's teams (spec section 6: selectable users are those in its teams). */
export const NOT_IN_CHEST_TEAMS_MESSAGE = "Only members of the chest's teams can be made managers.";

const ANSWER_OPTIONS = new Set(['teams', 'users']);

async function loadTarget(db: Kysely<Database>, caller: CallerAccess, chestId: string, userId: string) {
  const organisationId = caller.organisation.id;
  const chest = requireVisibleChest(caller, await findChest(db, organisationId, chestId));
  requireAdministrator(caller);
  const [user] = await findDirectoryUsers(db, organisationId, [userId]);
  if (!user) throw AppError.validation('User not found.');
  const rows = await loadChestAccessRows(db, organisationId, [chest.id]);
  const isManager = rows.managers.some((row) => row.user_id === user.id);
  return { chest, user, rows, isManager };
}

function describe(user: DirectoryUser, chest: ChestRecord, verb: string): string {
  return `${verb} ${user.name} (${user.email}) as a manager of chest ${chest.name}`;
}

/** Makes a member of one of the chest's teams its manager (administrators). */
export async function promoteManager(
  ctx: ServiceContext,
  caller: CallerAccess,
  chestId: string,
  userId: string,
  trustEntries?: unknown,
): Promise<Chest> {
  const { db } = ctx;
  const { chest, user, rows, isManager } = await loadTarget(db, caller, chestId, userId);
  const entries = parseTrustEntries(trustEntries);
  if (isManager) throw AppError.validation(ALREADY_MANAGER_MESSAGE);
  if (user.administrator) throw AppError.validation(ADMINISTRATOR_MANAGER_MESSAGE);
  const teamIds = new Set(rows.assignments.map((row) => row.team_id));
  if (!rows.memberships.some((row) => row.user_id === user.id && teamIds.has(row.team_id))) {
    throw AppError.validation(NOT_IN_CHEST_TEAMS_MESSAGE);
  }
  await runMembershipChange(db, caller, entries, async (trx) => {
    await insertManager(trx, caller.organisation.id, { vault_id: chest.id, user_id: user.id });
    await auditByCaller(trx, caller, describe(user, chest, 'Added'), 'Vault', chest.id);
  });
  return showChestFor(ctx, caller, chest.id, ANSWER_OPTIONS);
}

/** Takes a chest's management from a user; keys they held only as manager are deleted with it. */
export async function demoteManager(
  ctx: ServiceContext,
  caller: CallerAccess,
  chestId: string,
  userId: string,
  trustEntries?: unknown,
): Promise<Chest> {
  const { db } = ctx;
  const { chest, user, isManager } = await loadTarget(db, caller, chestId, userId);
  const entries = parseTrustEntries(trustEntries);
  if (!isManager) throw AppError.validation(NOT_A_MANAGER_MESSAGE);
  const organisationId = caller.organisation.id;
  await runMembershipChange(db, caller, entries, async (trx) => {
    await beginKeyChange(trx, organisationId);
    await deleteManager(trx, organisationId, { vault_id: chest.id, user_id: user.id });
    await reconcileKeys(trx, organisationId, { chestIds: [chest.id], userIds: [user.id] });
    await auditByCaller(trx, caller, describe(user, chest, 'Removed'), 'Vault', chest.id);
  });
  return showChestFor(ctx, caller, chest.id, ANSWER_OPTIONS);
}
