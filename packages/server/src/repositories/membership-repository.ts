import { randomUUID } from 'node:crypto';
import type { NamedRef } from '@coffer/core';
import type { Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';
import { adjustTeamUserCounts, userCountDeltas } from './team-repository.js';

/** A user in a team; edit_access lets them write where the team may. */
export interface MembershipRecord {
  id: string;
  team_id: string;
  user_id: string;
  edit_access: boolean;
}

/** A new membership to store. */
export interface NewMembership {
  team_id: string;
  user_id: string;
  edit_access: boolean;
}

const COLUMNS = ['id', 'team_id', 'user_id', 'edit_access'] as const;

function toMembership(row: { id: string; team_id: string; user_id: string; edit_access: SqlBool }) {
  return { ...row, edit_access: toBool(row.edit_access) };
}

/** The memberships of one user. */
export async function listMembershipsOfUser(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<MembershipRecord[]> {
  const rows = await db
    .selectFrom('memberships')
    .select(COLUMNS)
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map(toMembership);
}

/** The memberships of these teams. */
export async function listMembershipsOfTeams(
  db: Kysely<Database>,
  organisationId: string,
  teamIds: readonly string[],
): Promise<MembershipRecord[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('memberships')
    .select(COLUMNS)
    .where('organisation_id', '=', organisationId)
    .where('team_id', 'in', teamIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toMembership);
}

/**
 * Stores memberships one row at a time and counts them in their teams' user_count. Run it in a
 * transaction.
 */
export async function insertMemberships(
  db: Kysely<Database>,
  organisationId: string,
  memberships: readonly NewMembership[],
): Promise<void> {
  if (memberships.length === 0) return;
  const teamIds = memberships.map((membership) => membership.team_id);
  await adjustTeamUserCounts(db, organisationId, userCountDeltas(teamIds, 1));
  const now = new Date().toISOString();
  for (const membership of memberships) {
    await db
      .insertInto('memberships')
      .values({
        id: randomUUID(),
        organisation_id: organisationId,
        ...membership,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** Changes a membership's edit access. */
export async function updateMembershipAccess(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  editAccess: boolean,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ edit_access: editAccess, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Removes memberships by id, uncounting them from their teams. Run it in a transaction. */
export async function deleteMemberships(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const removed = await db
    .deleteFrom('memberships')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .returning('team_id')
    .execute();
  await adjustTeamUserCounts(
    db,
    organisationId,
    userCountDeltas(
      removed.map((row) => row.team_id),
      -1,
    ),
  );
}

/** Removes every membership of a user (before the user goes), uncounting them. */
export async function deleteMembershipsOfUser(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<void> {
  const ids = (await listMembershipsOfUser(db, organisationId, userId)).map((row) => row.id);
  await deleteMemberships(db, organisationId, ids);
}

/** The teams (by name) of each of these users, by user id. */
export async function listTeamsOfUsers(
  db: Kysely<Database>,
  organisationId: string,
  userIds: readonly string[],
): Promise<Map<string, NamedRef[]>> {
  const teams = new Map<string, NamedRef[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return teams;
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('teams', 'teams.id', 'memberships.team_id')
    .select(['memberships.user_id', 'teams.id', 'teams.name'])
    .where('memberships.organisation_id', '=', organisationId)
    .where('teams.organisation_id', '=', organisationId)
    .where('memberships.user_id', 'in', userIds)
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
  for (const { user_id, id, name } of rows) teams.get(user_id)?.push({ id, name });
  return teams;
}

/** A new user's memberships: read access to each of these teams, once each. */
export function readOnlyMemberships(userId: string, teamIds: readonly string[]): NewMembership[] {
  return [...new Set(teamIds)].map((team_id) => ({ team_id, user_id: userId, edit_access: false }));
}

/** The teams a user belongs to, by name. */
export async function listUserTeams(
  db: Kysely<Database>,
  user: { organisation_id: string; id: string },
): Promise<NamedRef[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('teams', 'teams.id', 'memberships.team_id')
    .select(['teams.id', 'teams.name'])
    .where('memberships.organisation_id', '=', user.organisation_id)
    .where('memberships.user_id', '=', user.id)
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
}
