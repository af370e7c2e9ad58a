import type { ChestUser } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { wantsOption } from '../../lists/list-params.js';
import type { CallerAccess } from '../../policy/index.js';
import type { ChestExtras } from '../../presenters/chest-presenter.js';
import { listAssignmentsOfChests } from '../../repositories/assignment-repository.js';
import { listManagersOfChests } from '../../repositories/manager-repository.js';
import { listMembershipsOfTeams } from '../../repositories/membership-repository.js';
import { findTeamsByIds } from '../../repositories/team-repository.js';
import { findDirectoryUsers } from '../../repositories/user-repository.js';

/** The related objects of a chest answer (its counts come with the row). */
export type ChestIncludes = Omit<ChestExtras, 'secretCount'>;

/**
 * What chest answers carry besides the row, for a whole page in a few queries: with options
 * `teams` the linked teams and assignments, with `users` the members of those teams and the
 * managers, flagged manager and administrator.
 */
export async function loadChestExtras(
  db: Kysely<Database>,
  caller: CallerAccess,
  chestIds: readonly string[],
  options: ReadonlySet<string>,
): Promise<Map<string, ChestIncludes>> {
  const organisationId = caller.organisation.id;
  const extras = new Map<string, ChestIncludes>(chestIds.map((id) => [id, {}]));
  const withTeams = wantsOption(options, 'teams');
  const withUsers = wantsOption(options, 'users');
  if (!withTeams && !withUsers) return extras;

  const assignments = await listAssignmentsOfChests(db, organisationId, chestIds);
  const teamIds = [...new Set(assignments.map((assignment) => assignment.team_id))];
  const teams = await findTeamsByIds(db, organisationId, teamIds);
  const memberships = withUsers ? await listMembershipsOfTeams(db, organisationId, teamIds) : [];
  const managers = withUsers ? await listManagersOfChests(db, organisationId, chestIds) : [];
  const userIds = new Set([...memberships.map((row) => row.user_id), ...managers.map((row) => row.user_id)]);
  const users = withUsers ? await findDirectoryUsers(db, organisationId, [...userIds]) : [];

  for (const [chestId, entry] of extras) {
    const own = assignments.filter((assignment) => assignment.vault_id === chestId);
    const ownTeamIds = new Set(own.map((assignment) => assignment.team_id));
    if (withTeams) {
      entry.assignments = own;
      entry.teams = teams.filter((team) => ownTeamIds.has(team.id)).map(({ id, name }) => ({ id, name }));
    }
    if (withUsers) {
      const managerIds = new Set(
        managers.filter((row) => row.vault_id === chestId).map((row) => row.user_id),
      );
      const memberIds = new Set(
        memberships.filter((row) => ownTeamIds.has(row.team_id)).map((row) => row.user_id),
      );
      entry.users = users
        .filter((user) => managerIds.has(user.id) || memberIds.has(user.id))
        .map(
          (user): ChestUser => ({
            id: user.id,
            name: user.name,
            email: user.email,
            manager: managerIds.has(user.id),
            administrator: user.administrator,
          }),
        );
    }
  }
  return extras;
}
