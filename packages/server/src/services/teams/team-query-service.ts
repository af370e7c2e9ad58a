import type { ListResponse, Team, TeamMember, TeamSortKey } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ListQuery } from '../../lists/list-params.js';
import { type ListResource, readListParams, runList } from '../../lists/list-resource.js';
import { byColumn, type SortSpec } from '../../lists/list-sorts.js';
import { type CallerAccess, listableTeamIds, requireVisibleTeam } from '../../policy/index.js';
import { presentTeam, type TeamExtras } from '../../presenters/team-presenter.js';
import { listAssignmentsOfTeams } from '../../repositories/assignment-repository.js';
import { findChestsByIds } from '../../repositories/chest-repository.js';
import { listMembershipsOfTeams } from '../../repositories/membership-repository.js';
import {
  findTeam,
  scopeTeams,
  selectTeamRows,
  type TeamRecord,
  type TeamScope,
} from '../../repositories/team-repository.js';
import { findDirectoryUsers } from '../../repositories/user-repository.js';
import type { ServiceContext } from '../service-context.js';

/** `GET api/v1/teams`: administrators all teams, others their own. */
export const TEAM_LIST: ListResource<'teams', TeamScope, TeamRecord, Team> = {
  name: 'teams',
  table: 'teams',
  scope: scopeTeams,
  select: selectTeamRows,
  sorts: {
    name: byColumn('teams', 'name'),
    user_count: byColumn('teams', 'user_count', 'integer'),
    created_at: byColumn('teams', 'created_at'),
    updated_at: byColumn('teams', 'updated_at'),
  } satisfies Record<TeamSortKey, SortSpec<TeamScope, TeamRecord>>,
  filterColumns: ['name'],
  cacheTotals: false,
  present: (db, caller, rows) => presentTeams(db, caller, rows, false),
};

/** Teams as the caller may list them: administrators all, others their own. */
export async function listTeamsFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: ListQuery,
): Promise<ListResponse<Team>> {
  const { db } = ctx;
  const params = readListParams(TEAM_LIST, query);
  const scope = { organisationId: caller.organisation.id, teamIds: listableTeamIds(caller) };
  return runList(db, TEAM_LIST, caller, scope, params);
}

/** One team the caller may see, with its members by name; 404 otherwise. */
export async function showTeamFor(ctx: ServiceContext, caller: CallerAccess, id: string): Promise<Team> {
  const { db } = ctx;
  const team = requireVisibleTeam(caller, await findTeam(db, caller.organisation.id, id));
  const [presented] = await presentTeams(db, caller, [team], true);
  if (!presented) throw new Error('a presented team went missing');
  return presented;
}

/** Presents teams with their memberships, assignments and chests (and members, when asked). */
async function presentTeams(
  db: Kysely<Database>,
  caller: CallerAccess,
  teams: readonly TeamRecord[],
  withMembers: boolean,
): Promise<Team[]> {
  const organisationId = caller.organisation.id;
  const teamIds = teams.map((team) => team.id);
  const [memberships, assignments] = await Promise.all([
    listMembershipsOfTeams(db, organisationId, teamIds),
    listAssignmentsOfTeams(db, organisationId, teamIds),
  ]);
  const chests = await findChestsByIds(db, organisationId, [
    ...new Set(assignments.map((row) => row.vault_id)),
  ]);
  const users = withMembers
    ? await findDirectoryUsers(db, organisationId, [...new Set(memberships.map((row) => row.user_id))])
    : [];
  return teams.map((team) => {
    const own = memberships.filter((membership) => membership.team_id === team.id);
    const ownAssignments = assignments.filter((assignment) => assignment.team_id === team.id);
    const chestIds = new Set(ownAssignments.map((assignment) => assignment.vault_id));
    const extras: TeamExtras = {
      memberships: own,
      assignments: ownAssignments,
      vaults: chests.filter((chest) => chestIds.has(chest.id)).map(({ id, name }) => ({ id, name })),
    };
    if (withMembers) {
      const byUser = new Map(own.map((membership) => [membership.user_id, membership]));
      extras.members = users.flatMap((user): TeamMember[] => {
        const membership = byUser.get(user.id);
        if (!membership) return [];
        const { id, name, email, administrator } = user;
        return [
          {
            id,
            name,
            email,
            administrator,
            membership_id: membership.id,
            edit_access: membership.edit_access,
          },
        ];
      });
    }
    return presentTeam(team, extras);
  });
}
