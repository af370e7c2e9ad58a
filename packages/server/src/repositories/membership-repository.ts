import { randomUUID } from 'node:crypto';
import type { Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';

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

/** Stores memberships one row at a time. */
export async function insertMemberships(
  db: Kysely<Database>,
  organisationId: string,
  memberships: readonly NewMembership[],
): Promise<void> {
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

/** Removes memberships by id. */
export async function deleteMemberships(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('memberships')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .execute();
}
