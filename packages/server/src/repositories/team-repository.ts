import { randomUUID } from 'node:crypto';
import type { NamedRef } from '@coffer/core';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database, TeamsTable } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';

/** A team; default_for_new_users marks the default 'Everyone' team. */
export interface TeamRecord {
  id: string;
  organisation_id: string;
  name: string;
  default_for_new_users: boolean;
  /** Its members, kept beside the row so the list sorts by it (membership-repository.ts). */
  user_count: number;
  created_at: string;
  updated_at: string;
}

/** Which teams a list may show: all of the organisation (null) or these ids. */
export interface TeamScope {
  organisationId: string;
  teamIds: readonly string[] | null;
}

function toTeam(row: Selectable<TeamsTable>): TeamRecord {
  return { ...row, default_for_new_users: toBool(row.default_for_new_users) };
}

/** The team with this id in this organisation, or null. */
export async function findTeam(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<TeamRecord | null> {
  const row = await db
    .selectFrom('teams')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toTeam(row) : null;
}

/** The teams with these ids in this organisation (unknown ids are left out). */
export async function findTeamsByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<TeamRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('teams')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(toTeam);
}

/** The rows a teams list may show (list-query.ts adds the filter, order and page). */
export function scopeTeams(
  query: SelectQueryBuilder<Database, 'teams', object>,
  scope: TeamScope,
): SelectQueryBuilder<Database, 'teams', object> | null {
  if (scope.teamIds?.length === 0) return null;
  const scoped = query.where('teams.organisation_id', '=', scope.organisationId);
  return scope.teamIds ? scoped.where('teams.id', 'in', scope.teamIds) : scoped;
}

/** Reads a page of a teams list. */
export async function selectTeamRows(
  query: SelectQueryBuilder<Database, 'teams', object>,
): Promise<TeamRecord[]> {
  return (await query.selectAll('teams').execute()).map(toTeam);
}

/** Stores a new team. */
export async function insertTeam(db: Kysely<Database>, team: TeamRecord): Promise<void> {
  await db.insertInto('teams').values(team).execute();
}

/** Renames a team and/or marks it changed now. */
export async function touchTeam(
  db: Kysely<Database>,
  team: Pick<TeamRecord, 'id' | 'organisation_id'>,
  changes: { name?: string },
): Promise<void> {
  await db
    .updateTable('teams')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', team.organisation_id)
    .where('id', '=', team.id)
    .execute();
}

/**
 * Adds member-count deltas (team id → +n or -n) to the teams' user_count. Additions, never recounts,
 * so concurrent membership changes both count; teams in id order, so concurrent changes lock the
 * rows in one order. Run it in the transaction of the membership change.
 */
export async function adjustTeamUserCounts(
  db: Kysely<Database>,
  organisationId: string,
  deltas: ReadonlyMap<string, number>,
): Promise<void> {
  for (const id of [...deltas.keys()].sort()) {
    const delta = deltas.get(id) ?? 0;
    if (delta === 0) continue;
    await db
      .updateTable('teams')
      .set((eb) => ({ user_count: eb('user_count', '+', delta) }))
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .execute();
  }
}

/** Member-count deltas of memberships added (+1) or removed (-1), by team. */
export function userCountDeltas(teamIds: readonly string[], sign: 1 | -1): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const id of teamIds) deltas.set(id, (deltas.get(id) ?? 0) + sign);
  return deltas;
}

/** Deletes a team; its memberships and assignments go with it (cascade). */
export async function deleteTeam(
  db: Kysely<Database>,
  team: Pick<TeamRecord, 'id' | 'organisation_id'>,
): Promise<void> {
  await db
    .deleteFrom('teams')
    .where('organisation_id', '=', team.organisation_id)
    .where('id', '=', team.id)
    .execute();
}

/** Creates the organisation's default team ('Everyone'), which every new user joins. */
export async function insertDefaultTeam(
  db: Kysely<Database>,
  organisationId: string,
  name: string,
): Promise<NamedRef> {
  const now = new Date().toISOString();
  const team = { id: randomUUID(), name };
  await db
    .insertInto('teams')
    .values({
      ...team,
      organisation_id: organisationId,
      default_for_new_users: true,
      user_count: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return team;
}

/** Ids of the organisation's default teams (normally one: 'Everyone'). */
export async function findDefaultTeamIds(db: Kysely<Database>, organisationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('teams')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('default_for_new_users', '=', true)
    .execute();
  return rows.map((row) => row.id);
}

/** Those of `ids` that are teams of this organisation (a foreign id is simply not there). */
export async function findTeamIdsInOrganisation(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('teams')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}
