import { randomUUID } from 'node:crypto';
import type { NamedRef } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// The few team queries accounts need: the default team, and putting a new user in teams.

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

/** Puts a user in each team (read access), one row at a time (see docs/server.md on SQLite). */
export async function insertMemberships(
  db: Kysely<Database>,
  user: { organisation_id: string; id: string },
  teamIds: readonly string[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const teamId of new Set(teamIds)) {
    await db
      .insertInto('memberships')
      .values({
        id: randomUUID(),
        organisation_id: user.organisation_id,
        team_id: teamId,
        user_id: user.id,
        edit_access: false,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
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
