import { type Team, validateTeam } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { type CallerAccess, requireAdministrator, requireVisibleTeam } from '../../policy/index.js';
import { deleteAssignmentsOfTeam, listAssignmentsOfTeams } from '../../repositories/assignment-repository.js';
import { findChestsByIds } from '../../repositories/chest-repository.js';
import { listMembershipsOfTeams } from '../../repositories/membership-repository.js';
import type { KeyScope } from '../../repositories/reader-sql.js';
import {
  deleteTeam,
  findTeam,
  insertTeam,
  type TeamRecord,
  touchTeam,
} from '../../repositories/team-repository.js';
import { findDirectoryUsers } from '../../repositories/user-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { chosenId, requireFreeId } from '../client-chosen-id.js';
import { beginKeyChange, reconcileKeys } from '../key-bookkeeping.js';
import { applyTeamChestsPlan, applyTeamMembersPlan } from '../link-plans.js';
import { type NestedAttribute, type NestedPlan, planNestedChanges } from '../nested-attributes.js';
import type { ServiceContext } from '../service-context.js';
import { runMembershipChange } from '../trust-log/membership-change.js';
import { parseTrustEntries } from '../trust-log/trust-entries-guard.js';
import { showTeamFor } from './team-query-service.js';

/** The default team new users join cannot be removed. */
export const DEFAULT_TEAM_MESSAGE = 'The default team cannot be removed.';

/** Body of a team create or update (`team`). */
export interface TeamInput {
  /** A UUID the browser chose, so that its signed entries can name the team (issue 30). */
  id?: unknown;
  name?: string;
  memberships_attributes?: NestedAttribute[];
  assignments_attributes?: NestedAttribute[];
}

interface TeamPlans {
  memberships: NestedPlan;
  assignments: NestedPlan;
}

function checkName(name: string | undefined): string {
  const [message] = validateTeam({ teamName: name }).errors;
  if (message) throw AppError.validation(message);
  return (name ?? '').trim();
}

async function planTeam(
  db: Kysely<Database>,
  organisationId: string,
  input: TeamInput,
  team: TeamRecord | null,
) {
  const teamIds = team ? [team.id] : [];
  const [memberships, assignments] = await Promise.all([
    listMembershipsOfTeams(db, organisationId, teamIds),
    listAssignmentsOfTeams(db, organisationId, teamIds),
  ]);
  const plans: TeamPlans = {
    memberships: planNestedChanges(
      input.memberships_attributes ?? [],
      memberships.map((row) => ({ id: row.id, ref: row.user_id, edit_access: row.edit_access })),
      'user_id',
      'Membership',
    ),
    assignments: planNestedChanges(
      input.assignments_attributes ?? [],
      assignments.map((row) => ({ id: row.id, ref: row.vault_id, edit_access: row.edit_access })),
      'vault_id',
      'Assignment',
    ),
  };
  // Users and chests of another organisation are simply not found: nothing is written.
  const userIds = plans.memberships.creates.map((create) => create.ref);
  if ((await findDirectoryUsers(db, organisationId, userIds)).length !== userIds.length) {
    throw AppError.validation('User not found.');
  }
  const chestIds = plans.assignments.creates.map((create) => create.ref);
  if ((await findChestsByIds(db, organisationId, chestIds)).length !== chestIds.length) {
    throw AppError.validation('Chest not found.');
  }
  return { plans, touched: touchedPairs(plans, memberships, assignments) };
}

/** What the removed links pointed at: a plan's destroys name links, not users or chests. */
function removedRefs(links: ReadonlyMap<string, string>, destroys: readonly string[]): string[] {
  return destroys.flatMap((id) => links.get(id) ?? []);
}

/**
 * The (chest, user) pairs whose reading a team change can alter, as two rectangles: users who join
 * or leave, by every chest the team had or has; chests that join or leave, by every member it had
 * or has. Access changes (Read or Write) alter nobody's reading. A team of 12,000 secrets that gains
 * one member touches that member's 12,000 pairs, not every key of those chests.
 */
function touchedPairs(
  plans: TeamPlans,
  memberships: readonly { id: string; user_id: string }[],
  assignments: readonly { id: string; vault_id: string }[],
): KeyScope[] {
  const joiningUsers = plans.memberships.creates.map((create) => create.ref);
  const leavingUsers = removedRefs(
    new Map(memberships.map((row) => [row.id, row.user_id])),
    plans.memberships.destroys,
  );
  const joiningChests = plans.assignments.creates.map((create) => create.ref);
  const leavingChests = removedRefs(
    new Map(assignments.map((row) => [row.id, row.vault_id])),
    plans.assignments.destroys,
  );
  const unique = (ids: readonly string[]) => [...new Set(ids)];
  return [
    {
      userIds: unique([...joiningUsers, ...leavingUsers]),
      chestIds: unique([...assignments.map((row) => row.vault_id), ...joiningChests]),
    },
    {
      userIds: unique([...memberships.map((row) => row.user_id), ...joiningUsers]),
      chestIds: unique([...joiningChests, ...leavingChests]),
    },
  ].filter((scope) => scope.userIds.length > 0 && scope.chestIds.length > 0);
}

/** Reconciles keys over each touched rectangle of a team change. */
async function reconcileTeamKeys(
  trx: Kysely<Database>,
  organisationId: string,
  touched: readonly KeyScope[],
) {
  for (const scope of touched) await reconcileKeys(trx, organisationId, scope);
}

async function applyTeamPlans(
  trx: Kysely<Database>,
  organisationId: string,
  teamId: string,
  plans: TeamPlans,
) {
  await applyTeamMembersPlan(trx, organisationId, teamId, plans.memberships);
  await applyTeamChestsPlan(trx, organisationId, teamId, plans.assignments);
}

/**
 * Creates a team with members and chests (administrators), with the signed entries that describe it
 * once the organisation has a trust log (trust-entries-guard.ts).
 */
export async function createTeam(
  ctx: ServiceContext,
  caller: CallerAccess,
  input: TeamInput,
  trustEntries?: unknown,
): Promise<Team> {
  const { db } = ctx;
  requireAdministrator(caller);
  const entries = parseTrustEntries(trustEntries);
  const id = chosenId(input.id);
  const organisationId = caller.organisation.id;
  const name = checkName(input.name);
  const { plans, touched } = await planTeam(db, organisationId, input, null);
  const now = new Date().toISOString();
  const team = {
    id,
    organisation_id: organisationId,
    name,
    default_for_new_users: false,
    user_count: 0,
    created_at: now,
    updated_at: now,
  };
  await runMembershipChange(db, caller, entries, async (trx) => {
    await beginKeyChange(trx, organisationId);
    await requireFreeId(trx, 'teams', team.id);
    await insertTeam(trx, team);
    await applyTeamPlans(trx, organisationId, team.id, plans);
    await reconcileTeamKeys(trx, organisationId, touched);
    await auditByCaller(trx, caller, `Created team ${name}`, 'Team', team.id);
  });
  return showTeamFor(ctx, caller, team.id);
}

/**
 * Renames a team and changes its members and chests (administrators). Keys of users who lose access
 * are deleted in the same transaction; newcomers' missing keys then appear in reshare_all.
 */
export async function updateTeam(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  input: TeamInput,
  trustEntries?: unknown,
): Promise<Team> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const team = requireVisibleTeam(caller, await findTeam(db, organisationId, id));
  requireAdministrator(caller);
  const entries = parseTrustEntries(trustEntries);
  const name = checkName(input.name ?? team.name);
  const { plans, touched } = await planTeam(db, organisationId, input, team);
  await runMembershipChange(db, caller, entries, async (trx) => {
    await beginKeyChange(trx, organisationId);
    await applyTeamPlans(trx, organisationId, team.id, plans);
    await touchTeam(trx, team, { name });
    await reconcileTeamKeys(trx, organisationId, touched);
    const action = name === team.name ? `Updated team ${name}` : `Renamed team ${team.name} to ${name}`;
    await auditByCaller(trx, caller, action, 'Team', team.id);
  });
  return showTeamFor(ctx, caller, team.id);
}

/** Deletes a team, never the default one (administrators); its members' keys to its chests go with it. */
export async function removeTeam(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  trustEntries?: unknown,
): Promise<void> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const team = requireVisibleTeam(caller, await findTeam(db, organisationId, id));
  requireAdministrator(caller);
  const entries = parseTrustEntries(trustEntries);
  if (team.default_for_new_users) throw AppError.validation(DEFAULT_TEAM_MESSAGE);
  const [assignments, memberships] = await Promise.all([
    listAssignmentsOfTeams(db, organisationId, [team.id]),
    listMembershipsOfTeams(db, organisationId, [team.id]),
  ]);
  const touched = {
    chestIds: assignments.map((row) => row.vault_id),
    userIds: memberships.map((row) => row.user_id),
  };
  await runMembershipChange(db, caller, entries, async (trx) => {
    await beginKeyChange(trx, organisationId);
    // Explicitly first, so that the chests' team counts follow (the cascade would not).
    await deleteAssignmentsOfTeam(trx, organisationId, team.id);
    await deleteTeam(trx, team);
    await reconcileKeys(trx, organisationId, touched);
    await auditByCaller(trx, caller, `Deleted team ${team.name}`, 'Team', team.id);
  });
}
