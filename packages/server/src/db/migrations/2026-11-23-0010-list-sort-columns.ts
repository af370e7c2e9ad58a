import { type Kysely, sql } from 'kysely';

// Admin lists sort on every column they show (issue 8), each by an index, never by a join: values
// that live in another table are kept beside the row, written in the transaction of the change
// that alters them (repositories/chest-counts.ts, secret-repository.ts, assignment-repository.ts).
// - vaults.secret_count: live secrets; vaults.visible_secret_count: live secrets that are not hidden
//   (what a non-administrator sees counted); vaults.team_count: linked teams (assignments).
// - secrets.vault_name: the chest's name.
// One column per ALTER TABLE (SQLite adds one at a time); each is filled from the rows it mirrors.
const CHEST_COUNTS = ['secret_count', 'visible_secret_count', 'team_count'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of CHEST_COUNTS) {
    await db.schema
      .alterTable('vaults')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('secrets')
    .addColumn('vault_name', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await fillKeptValues(db);
}

/** Sets every kept value from the rows it mirrors (also run by chest-counts.test.ts). */
export async function fillKeptValues(db: Kysely<unknown>): Promise<void> {
  await sql`
    update vaults set
      secret_count = (
        select count(*) from secrets s
        where s.organisation_id = vaults.organisation_id and s.vault_id = vaults.id
          and s.deleted_at is null
      ),
      visible_secret_count = (
        select count(*) from secrets s
        where s.organisation_id = vaults.organisation_id and s.vault_id = vaults.id
          and s.deleted_at is null and s.hidden = false
      ),
      team_count = (
        select count(*) from assignments a
        where a.organisation_id = vaults.organisation_id and a.vault_id = vaults.id
      )
  `.execute(db);
  await sql`
    update secrets set vault_name = (
      select v.name from vaults v where v.organisation_id = secrets.organisation_id and v.id = secrets.vault_id
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('secrets').dropColumn('vault_name').execute();
  for (const column of [...CHEST_COUNTS].reverse()) {
    await db.schema.alterTable('vaults').dropColumn(column).execute();
  }
}
