import { type SqlBool, sql } from 'kysely';
import { toBool } from '../db/to-bool.js';
import type { AssignmentRecord } from './assignment-repository.js';
import { fixedQuery } from './fixed-query.js';
import type { ManagerRecord } from './manager-repository.js';
import type { MembershipRecord } from './membership-repository.js';

/** What the policy reads of one user's reach: their memberships, managed chests and their teams' assignments. */
export interface CallerAccessRows {
  memberships: MembershipRecord[];
  managers: ManagerRecord[];
  assignments: AssignmentRecord[];
}

type Kind = 'membership' | 'manager' | 'assignment';

interface AccessRow {
  kind: Kind;
  id: string;
  team_id: string | null;
  vault_id: string | null;
  edit_access: SqlBool | null;
}

const none = <T>() => sql<T | null>`null`;
// A column as nullable, so that the three selections have one type.
const nullable = <T>(column: string) => sql.ref<T | null>(column);

// One statement instead of three (each is an indexed lookup, but every signed-in request runs
// them): the rows of the three tables under one set of columns, told apart by `kind`. It reads the
// tables the membership, manager and assignment repositories own, for this one purpose only.
const selectAccessRows = fixedQuery(['organisationId', 'userId'], (db, { organisationId, userId }) =>
  db
    .selectFrom('memberships')
    .select([
      sql.lit<Kind>('membership').as('kind'),
      'id',
      nullable<string>('team_id').as('team_id'),
      none<string>().as('vault_id'),
      nullable<SqlBool>('edit_access').as('edit_access'),
      'created_at',
    ])
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .unionAll(
      db
        .selectFrom('vault_managers')
        .select([
          sql.lit<Kind>('manager').as('kind'),
          'id',
          none<string>().as('team_id'),
          nullable<string>('vault_id').as('vault_id'),
          none<SqlBool>().as('edit_access'),
          'created_at',
        ])
        .where('organisation_id', '=', organisationId)
        .where('user_id', '=', userId),
    )
    .unionAll(
      db
        .selectFrom('assignments')
        .select([
          sql.lit<Kind>('assignment').as('kind'),
          'id',
          nullable<string>('team_id').as('team_id'),
          nullable<string>('vault_id').as('vault_id'),
          nullable<SqlBool>('edit_access').as('edit_access'),
          'created_at',
        ])
        .where('organisation_id', '=', organisationId)
        .where('team_id', 'in', (eb) =>
          eb
            .selectFrom('memberships')
            .select('memberships.team_id')
            .where('memberships.organisation_id', '=', organisationId)
            .where('memberships.user_id', '=', userId),
        ),
    )
    .orderBy('kind')
    .orderBy('created_at')
    .orderBy('id'),
);

/**
 * One user's memberships, the chests they manage and the assignments of their teams (each in the
 * order it was made), in one statement: what app.authenticate loads for every signed-in request.
 */
export async function findCallerAccessRows(
  db: Parameters<typeof selectAccessRows>[0],
  organisationId: string,
  userId: string,
): Promise<CallerAccessRows> {
  const rows: AccessRow[] = await selectAccessRows(db, { organisationId, userId });
  const access: CallerAccessRows = { memberships: [], managers: [], assignments: [] };
  for (const row of rows) {
    if (row.kind === 'membership') {
      access.memberships.push({
        id: row.id,
        team_id: row.team_id as string,
        user_id: userId,
        edit_access: toBool(row.edit_access),
      });
    } else if (row.kind === 'manager') {
      access.managers.push({ vault_id: row.vault_id as string, user_id: userId });
    } else {
      access.assignments.push({
        id: row.id,
        vault_id: row.vault_id as string,
        team_id: row.team_id as string,
        edit_access: toBool(row.edit_access),
      });
    }
  }
  return access;
}
