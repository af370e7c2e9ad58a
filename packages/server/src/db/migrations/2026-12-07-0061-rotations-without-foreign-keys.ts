import { type Kysely, sql } from 'kysely';
import { dropPostgresForeignKeys, isPostgres, rebuildSqliteTable } from './migration-helpers.js';

// Recording a removal inserts a row of `rotations` per secret the user could read: 20,000 for the
// benchmark's member (issue 31's goal: the removal commits in a second). On PostgreSQL each row's two
// foreign-key checks (a `SELECT … FOR KEY SHARE` on `organisations` and one on `secrets`) were 0.5 s of
// 1.45 s (docs/security-centre.md). What they guarded is kept another way:
// - a secret deleted for good takes its rows along through a trigger on `secrets` (a chest's deletion
//   cascading to its secrets fires it too);
// - an organisation's deletion deletes its rows by name (ORGANISATION_TABLES), after claiming the
//   organisation's row, which every change that records a loss holds first (beginKeyChange).
const COLUMNS = [
  'id',
  'organisation_id',
  'secret_id',
  'vault_id',
  'vault_name',
  'user_id',
  'user_name',
  'user_email',
  'reason',
  'lost_at',
  'revision',
  'outcome',
  'closed_at',
  'closed_by',
  'dismiss_reason',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // At most one open row per (secret, person), which recording relies on (`on conflict do nothing`)
  // instead of looking for one: PostgreSQL, its statistics saying `rotations` was empty, looked by a
  // sequential scan of the table for each of 20,000 keys (5 s instead of 0.9 s). It also finds a
  // secret's open rows, so the index of every row by secret keeps the closed ones only: an index
  // ordered by secret is written at random, and recording writes open rows only.
  await db.schema
    .createIndex('rotations_open_pair_unique')
    .on('rotations')
    .columns(['secret_id', 'user_id'])
    .unique()
    .where(sql.ref('outcome'), 'is', null)
    .execute();
  await db.schema.dropIndex('rotations_secret_id_index').execute();
  await db.schema
    .createIndex('rotations_closed_secret_id_index')
    .on('rotations')
    .columns(['secret_id'])
    .where(sql.ref('outcome'), 'is not', null)
    .execute();
  if (isPostgres(db)) {
    await dropPostgresForeignKeys(db, 'rotations', ['organisation_id', 'secret_id']);
    await sql`
      create function coffer_forget_secret_rotations() returns trigger language plpgsql as $$
      begin
        delete from rotations where secret_id = old.id and outcome is null;
        delete from rotations where secret_id = old.id and outcome is not null;
        return old;
      end
      $$
    `.execute(db);
    await sql`
      create trigger secrets_rotations after delete on secrets
      for each row execute function coffer_forget_secret_rotations()
    `.execute(db);
    return;
  }
  await rebuildRotationsOnSqlite(db, false);
  await sql`
    create trigger secrets_rotations after delete on secrets
    for each row begin
      delete from rotations where secret_id = old.id and outcome is null;
      delete from rotations where secret_id = old.id and outcome is not null;
    end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rotations_open_pair_unique').execute();
  await db.schema.dropIndex('rotations_closed_secret_id_index').execute();
  await db.schema.createIndex('rotations_secret_id_index').on('rotations').columns(['secret_id']).execute();
  await sql`delete from rotations where not exists (select 1 from secrets where secrets.id = rotations.secret_id)`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`drop trigger secrets_rotations on secrets`.execute(db);
    await sql`drop function coffer_forget_secret_rotations()`.execute(db);
    await sql`alter table rotations add constraint rotations_organisation_id_fkey
      foreign key (organisation_id) references organisations (id) on delete cascade`.execute(db);
    await sql`alter table rotations add constraint rotations_secret_id_fkey
      foreign key (secret_id) references secrets (id) on delete cascade`.execute(db);
    return;
  }
  await sql`drop trigger secrets_rotations`.execute(db);
  await rebuildRotationsOnSqlite(db, true);
}

// The table as migration 2026-12-07-0041 made it, with or without its foreign keys.
async function rebuildRotationsOnSqlite(db: Kysely<unknown>, withForeignKeys: boolean): Promise<void> {
  const organisation = withForeignKeys
    ? sql`"organisation_id" text not null references "organisations" ("id") on delete cascade`
    : sql`"organisation_id" text not null`;
  const secret = withForeignKeys
    ? sql`"secret_id" text not null references "secrets" ("id") on delete cascade`
    : sql`"secret_id" text not null`;
  await rebuildSqliteTable(db, 'rotations', COLUMNS, async (name) => {
    await sql`
      create table ${sql.table(name)} (
        "id" text primary key,
        ${organisation},
        ${secret},
        "vault_id" text not null,
        "vault_name" text not null,
        "user_id" text,
        "user_name" text not null,
        "user_email" text not null,
        "reason" text not null,
        "lost_at" text not null,
        "revision" integer not null,
        "outcome" text,
        "closed_at" text,
        "closed_by" text,
        "dismiss_reason" text
      )
    `.execute(db);
  });
}
