import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type AssignmentRecord, listAssignmentsOfChests } from './assignment-repository.js';
import { listManagersOfChests, type ManagerRecord } from './manager-repository.js';
import { listMembershipsOfTeams, type MembershipRecord } from './membership-repository.js';

/** Everything that decides who reaches some chests: their assignments, teams' members, managers, and the administrators. */
export interface ChestAccessRows {
  administratorIds: string[];
  assignments: AssignmentRecord[];
  memberships: MembershipRecord[];
  managers: ManagerRecord[];
}

/** Ids of the organisation's administrators. */
export async function listAdministratorIds(db: Kysely<Database>, organisationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('administrator', '=', true)
    .execute();
  return rows.map((row) => row.id);
}

/** Loads the access rows of these chests in four small queries. */
export async function loadChestAccessRows(
  db: Kysely<Database>,
  organisationId: string,
  chestIds: readonly string[],
): Promise<ChestAccessRows> {
  const assignments = await listAssignmentsOfChests(db, organisationId, chestIds);
  const teamIds = [...new Set(assignments.map((assignment) => assignment.team_id))];
  const [memberships, managers, administratorIds] = await Promise.all([
    listMembershipsOfTeams(db, organisationId, teamIds),
    listManagersOfChests(db, organisationId, chestIds),
    listAdministratorIds(db, organisationId),
  ]);
  return { administratorIds, assignments, memberships, managers };
}
