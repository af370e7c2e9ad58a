import { type Kysely, sql } from 'kysely';

// Issue 9's lists, each read through an index in its order, never by a join or a sort of every row:
// - teams.user_count: the team's members, kept beside the row (repositories/membership-repository.ts
//   adds its deltas in the transaction of the membership change, as chests keep team_count), so the
//   teams list sorts by it through (organisation_id, user_count, id);
// - users by name, e-mail and created_at: (organisation_id, column, id); they replace the
//   (organisation_id) index of 2026-11-21-0001, a prefix of each;
// - a team's members (users list with team_id, a team's page): memberships (organisation_id, team_id);
// - the audit log, newest first: (organisation_id, created_at desc, id desc), read forwards for
//   'created_at desc' (a page, and a page after a cursor) and backwards for 'created_at asc'; it
//   replaces 2026-11-21-0004's (organisation_id, created_at). A user's activity (the entries they
//   made, and those made about them) is found by (organisation_id, user_id, created_at) and
//   (organisation_id, object_id, created_at).
type IndexDefinition = [name: string, table: string, columns: string[]];

const INDEXES: IndexDefinition[] = [
  ['teams_user_count_index', 'teams', ['organisation_id', 'user_count', 'id']],
  ['users_name_index', 'users', ['organisation_id', 'name', 'id']],
  ['users_email_index', 'users', ['organisation_id', 'email', 'id']],
  ['users_created_at_index', 'users', ['organisation_id', 'created_at', 'id']],
  ['memberships_team_index', 'memberships', ['organisation_id', 'team_id']],
  [
    'audit_log_entries_created_at_index',
    'audit_log_entries',
    ['organisation_id', 'created_at desc', 'id desc'],
  ],
  ['audit_log_entries_actor_index', 'audit_log_entries', ['organisation_id', 'user_id', 'created_at']],
  ['audit_log_entries_object_index', 'audit_log_entries', ['organisation_id', 'object_id', 'created_at']],
];

const REPLACED: IndexDefinition[] = [
  ['users_organisation_id_index', 'users', ['organisation_id']],
  [
    'audit_log_entries_organisation_id_created_at_index',
    'audit_log_entries',
    ['organisation_id', 'created_at'],
  ],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('teams')
    .addColumn('user_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await fillTeamUserCounts(db);
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
  for (const [name] of REPLACED) await db.schema.dropIndex(name).execute();
}

/** Sets every team's user_count from its memberships (also run by the count tests). */
export async function fillTeamUserCounts(db: Kysely<unknown>): Promise<void> {
  await sql`
    update teams set user_count = (
      select count(*) from memberships m
      where m.organisation_id = teams.organisation_id and m.team_id = teams.id
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of REPLACED) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('teams').dropColumn('user_count').execute();
}
