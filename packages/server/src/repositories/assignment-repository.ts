import { randomUUID } from 'node:crypto';
import type { Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';
import { adjustChestCounts, teamCountDeltas } from './chest-counts.js';

/** A team's Read (edit_access false) or Write access to a chest. */
export interface AssignmentRecord {
  id: string;
  vault_id: string;
  team_id: string;
  edit_access: boolean;
}

/** A new assignment to store. */
export interface NewAssignment {
  vault_id: string;
  team_id: string;
  edit_access: boolean;
}

const COLUMNS = ['id', 'vault_id', 'team_id', 'edit_access'] as const;

function toAssignment(row: { id: string; vault_id: string; team_id: string; edit_access: SqlBool }) {
  return { ...row, edit_access: toBool(row.edit_access) };
}

/** Assignments of these chests. */
export async function listAssignmentsOfChests(
  db: Kysely<Database>,
  organisationId: string,
  chestIds: readonly string[],
): Promise<AssignmentRecord[]> {
  if (chestIds.length === 0) return [];
  const rows = await db
    .selectFrom('assignments')
    .select(COLUMNS)
    .where('organisation_id', '=', organisationId)
    .where('vault_id', 'in', chestIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAssignment);
}

/** Assignments of these teams. */
export async function listAssignmentsOfTeams(
  db: Kysely<Database>,
  organisationId: string,
  teamIds: readonly string[],
): Promise<AssignmentRecord[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('assignments')
    .select(COLUMNS)
    .where('organisation_id', '=', organisationId)
    .where('team_id', 'in', teamIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toAssignment);
}

/**
 * Stores assignments one row at a time (SQLite multi-row inserts lose defaults) and counts them in
 * their chests' team_count. Run it in a transaction.
 */
export async function insertAssignments(
  db: Kysely<Database>,
  organisationId: string,
  assignments: readonly NewAssignment[],
): Promise<void> {
  if (assignments.length === 0) return;
  const chestIds = assignments.map((assignment) => assignment.vault_id);
  await adjustChestCounts(db, organisationId, teamCountDeltas(chestIds, 1));
  const now = new Date().toISOString();
  for (const assignment of assignments) {
    await db
      .insertInto('assignments')
      .values({
        id: randomUUID(),
        organisation_id: organisationId,
        ...assignment,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** Changes an assignment between Read and Write. */
export async function updateAssignmentAccess(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  editAccess: boolean,
): Promise<void> {
  await db
    .updateTable('assignments')
    .set({ edit_access: editAccess, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Removes assignments by id, uncounting them from their chests. Run it in a transaction. */
export async function deleteAssignments(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  const removed = await db
    .deleteFrom('assignments')
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .returning('vault_id')
    .execute();
  await adjustChestCounts(
    db,
    organisationId,
    teamCountDeltas(
      removed.map((row) => row.vault_id),
      -1,
    ),
  );
}

/** Removes every assignment of a team (before the team itself goes), uncounting them. */
export async function deleteAssignmentsOfTeam(
  db: Kysely<Database>,
  organisationId: string,
  teamId: string,
): Promise<void> {
  const ids = (await listAssignmentsOfTeams(db, organisationId, [teamId])).map((row) => row.id);
  await deleteAssignments(db, organisationId, ids);
}
