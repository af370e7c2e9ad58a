import type { ListResponse, UserChestPermission, UserDetail, UserRow, UserSortKey } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ListQuery } from '../../lists/list-params.js';
import { type ListResource, readListParams, runList } from '../../lists/list-resource.js';
import { byColumn, type SortSpec } from '../../lists/list-sorts.js';
import { type CallerAccess, requireAdministrator, requireManagedUser } from '../../policy/index.js';
import { presentUserDetail, presentUserRow } from '../../presenters/user-presenter.js';
import { listAssignmentsOfTeams } from '../../repositories/assignment-repository.js';
import { findChestsByIds, listChestNames } from '../../repositories/chest-repository.js';
import { listManagersOfUser } from '../../repositories/manager-repository.js';
import { listMembershipsOfUser, listTeamsOfUsers } from '../../repositories/membership-repository.js';
import {
  findUserById,
  scopeUsers,
  selectUserRows,
  type User,
  type UserListRecord,
  type UserScope,
} from '../../repositories/user-repository.js';
import type { ServiceContext } from '../service-context.js';

/** `GET api/v1/users` (administrators): the organisation's users, or one team's members. */
export const USER_LIST: ListResource<'users', UserScope, UserListRecord, UserRow> = {
  name: 'users',
  table: 'users',
  scope: scopeUsers,
  select: selectUserRows,
  sorts: {
    name: byColumn('users', 'name'),
    email: byColumn('users', 'email'),
    created_at: byColumn('users', 'created_at'),
  } satisfies Record<UserSortKey, SortSpec<UserScope, UserListRecord>>,
  filterColumns: ['name', 'email'],
  cacheTotals: false,
  present: async (db, caller, rows) => {
    const teams = await listTeamsOfUsers(
      db,
      caller.organisation.id,
      rows.map((row) => row.id),
    );
    const ownerId = caller.organisation.owner_id ?? '';
    return rows.map((row) => presentUserRow(row, ownerId, teams.get(row.id) ?? []));
  },
};

/** The query of the users list: the generic parameters plus `team_id`. */
export interface UserListQuery extends ListQuery {
  team_id?: string;
}

/** The users list for administrators; 403 for anyone else. */
export async function listUsersFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: UserListQuery,
): Promise<ListResponse<UserRow>> {
  requireAdministrator(caller);
  const params = readListParams(USER_LIST, query);
  const scope: UserScope = { organisationId: caller.organisation.id, teamId: query.team_id ?? null };
  return runList(ctx.db, USER_LIST, caller, scope, params);
}

/** `GET api/v1/users/{id}` (administrators): the user with memberships and chest permissions. */
export async function showUserFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
): Promise<UserDetail> {
  const user = requireManagedUser(caller, await findUserById(ctx.db, caller.organisation.id, id));
  return loadUserDetail(ctx.db, caller, user);
}

/** Sub-step of every call about one user (show, update, lock, unlock, reset, create): its answer. */
export async function loadUserDetail(
  db: Kysely<Database>,
  caller: Pick<CallerAccess, 'organisation'>,
  user: User,
): Promise<UserDetail> {
  const organisationId = caller.organisation.id;
  const [memberships, teams, permissions] = await Promise.all([
    listMembershipsOfUser(db, organisationId, user.id),
    listTeamsOfUsers(db, organisationId, [user.id]),
    chestPermissionsOf(db, organisationId, user),
  ]);
  return presentUserDetail(user, caller.organisation.owner_id ?? '', {
    teams: teams.get(user.id) ?? [],
    memberships,
    permissions,
  });
}

/**
 * Every chest the user reaches, by name (the user page's table): administrators every chest of the
 * organisation; others the chests of their teams' assignments and those they manage. `edit_access`:
 * an edit membership in a team whose assignment to the chest has edit access (administrators: true).
 */
async function chestPermissionsOf(
  db: Kysely<Database>,
  organisationId: string,
  user: User,
): Promise<UserChestPermission[]> {
  if (user.administrator) {
    const chests = await listChestNames(db, organisationId);
    return chests.map(({ id, name }) => ({ vault_id: id, name, edit_access: true, manager: false }));
  }
  const [memberships, managers] = await Promise.all([
    listMembershipsOfUser(db, organisationId, user.id),
    listManagersOfUser(db, organisationId, user.id),
  ]);
  const assignments = await listAssignmentsOfTeams(
    db,
    organisationId,
    memberships.map((membership) => membership.team_id),
  );
  const writers = new Set(memberships.filter((m) => m.edit_access).map((m) => m.team_id));
  const managed = new Set(managers.map((manager) => manager.vault_id));
  const writable = new Set(
    assignments.filter((a) => a.edit_access && writers.has(a.team_id)).map((a) => a.vault_id),
  );
  const chestIds = [...new Set([...assignments.map((a) => a.vault_id), ...managed])];
  const chests = await findChestsByIds(db, organisationId, chestIds);
  return chests
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map(({ id, name }) => ({ vault_id: id, name, edit_access: writable.has(id), manager: managed.has(id) }));
}
