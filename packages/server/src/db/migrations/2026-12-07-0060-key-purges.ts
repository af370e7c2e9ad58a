import { type Kysely, sql } from 'kysely';
import { dropPostgresForeignKeys, isPostgres, rebuildSqliteTable } from './migration-helpers.js';

// Removing a user who could read 20,000 secrets must commit in a second (issue 31). Deleting their
// wrapped keys in that transaction cannot: every key sits in three indexes ordered by random ids,
// so 20,000 deletions rewrite most of those indexes' pages (205 MB of SQLite's write-ahead log for
// one removal on the benchmark's dataset, 1.5 s to delete and 0.5 s to commit). The keys of a removed
// user are unreadable from the moment their row is gone (no one can sign in as them, and a key is
// only ever served to its holder), so they are purged after the commit, in short transactions
// (services/users/key-purger.ts), from a queue written in the removal's transaction:
// - `key_purges`: one row per removed user whose keys are still to go;
// - secret_keys.user_id no longer references users, so the user's row can go before their keys
//   (SQLite cannot drop a foreign key: the table is rebuilt, once);
// - a key deleted once its user is gone leaves no removal for the extension's sync
//   (secret_key_removals): no device of that user can sync again;
// - the index on (organisation_id, user_id) went: it is the first half of the sync's index on
//   (organisation_id, user_id, change_seq, secret_id), which answers the same lookups.
const KEY_COLUMNS = [
  'id',
  'organisation_id',
  'secret_id',
  'user_id',
  'encrypted_value',
  'version',
  'created_at',
  'updated_at',
  'change_seq',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('key_purges')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('organisation_id', 'text', (col) =>
      col.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('key_purges_organisation_id_index')
    .on('key_purges')
    .column('organisation_id')
    .execute();
  await db.schema.dropIndex('secret_keys_organisation_id_user_id_index').execute();
  if (isPostgres(db)) {
    await dropPostgresForeignKeys(db, 'secret_keys', ['user_id']);
    await setPostgresRemovalFunction(db, true);
  } else {
    await rebuildSecretKeysOnSqlite(db, false);
    await setSqliteRemovalTrigger(db, true);
  }
  await sql`delete from secret_key_removals where not exists (
    select 1 from users where users.id = secret_key_removals.user_id
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Keys whose user is gone would break the foreign key restored below: the purge they awaited, now.
  await sql`delete from secret_keys where not exists (select 1 from users where users.id = secret_keys.user_id)`.execute(
    db,
  );
  if (isPostgres(db)) {
    await sql`alter table secret_keys add constraint secret_keys_user_id_fkey
      foreign key (user_id) references users (id) on delete cascade`.execute(db);
    await setPostgresRemovalFunction(db, false);
  } else {
    await rebuildSecretKeysOnSqlite(db, true);
    await setSqliteRemovalTrigger(db, false);
  }
  await db.schema
    .createIndex('secret_keys_organisation_id_user_id_index')
    .on('secret_keys')
    .columns(['organisation_id', 'user_id'])
    .execute();
  await db.schema.dropTable('key_purges').execute();
}

// The table as migration 2026-11-21-0003 made it (with change_seq added by 2026-12-07-0001), its user
// column referencing users or not.
async function rebuildSecretKeysOnSqlite(db: Kysely<unknown>, referencingUsers: boolean): Promise<void> {
  const userColumn = referencingUsers
    ? sql`"user_id" text not null references "users" ("id") on delete cascade`
    : sql`"user_id" text not null`;
  await rebuildSqliteTable(db, 'secret_keys', KEY_COLUMNS, async (name) => {
    await sql`
      create table ${sql.table(name)} (
        "id" text primary key,
        "organisation_id" text not null references "organisations" ("id") on delete cascade,
        "secret_id" text not null references "secrets" ("id") on delete cascade,
        ${userColumn},
        "encrypted_value" text not null,
        "version" integer default 1 not null,
        "created_at" text not null,
        "updated_at" text not null,
        "change_seq" bigint default 0 not null,
        constraint "secret_keys_secret_id_user_id_unique" unique ("secret_id", "user_id")
      )
    `.execute(db);
  });
}

async function setPostgresRemovalFunction(db: Kysely<unknown>, knownUsersOnly: boolean): Promise<void> {
  // A purge runs after the user's row is gone, so the row is no longer seen here.
  const skip = knownUsersOnly
    ? sql`if not exists (select 1 from users where id = old.user_id) then return old; end if;`
    : sql``;
  await sql`
    create or replace function coffer_record_key_removal() returns trigger language plpgsql as $$
    declare
      stamp bigint;
    begin
      ${skip}
      stamp := coffer_change_seq(old.organisation_id);
      if stamp is not null then
        insert into secret_key_removals (organisation_id, secret_id, user_id, change_seq)
        values (old.organisation_id, old.secret_id, old.user_id, stamp)
        on conflict (secret_id, user_id) do update set change_seq = excluded.change_seq;
      end if;
      return old;
    end
    $$
  `.execute(db);
}

async function setSqliteRemovalTrigger(db: Kysely<unknown>, knownUsersOnly: boolean): Promise<void> {
  const when = knownUsersOnly ? sql`when exists (select 1 from users where id = old.user_id)` : sql``;
  await sql`drop trigger secret_keys_removal`.execute(db);
  await sql`
    create trigger secret_keys_removal after delete on secret_keys
    for each row ${when} begin
      update organisations set change_seq = change_seq + 1 where id = old.organisation_id;
      insert into secret_key_removals (organisation_id, secret_id, user_id, change_seq)
        select id, old.secret_id, old.user_id, change_seq from organisations where id = old.organisation_id
        on conflict (secret_id, user_id) do update set change_seq = excluded.change_seq;
    end
  `.execute(db);
}
