import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createIndex } from './migration-helpers.js';

// The browser extension's sync (issue 29): GET /api/v1/secrets/changes answers what changed for the
// caller since a cursor. Every organisation counts its changes (`organisations.change_seq`); every
// write of a secret or a wrapped key stamps the row with the count, and every wrapped key deleted
// leaves a removal behind (`secret_key_removals`, at most one per secret and user: a key delivered
// again takes it away). Triggers do the stamping, so no writer (a cascade from a deleted chest or
// secret included) can forget it.
//
// Why a counter on the organisation's row: the row is taken by the first stamp of a transaction and
// held until it commits, so the stamps of one organisation commit in their order, and a reader that
// sees the counter at N knows that every stamp up to N has committed (docs/server.md, "Changes since
// a cursor"). On PostgreSQL the counter advances once per transaction (a transaction-local setting
// remembers the stamp), on SQLite, where writers take turns anyway, once per row.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['organisations', 'secrets', 'secret_keys']) {
    await db.schema
      .alterTable(table)
      .addColumn('change_seq', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('secret_key_removals')
    // No foreign keys: a removal outlives its secret (deleted for good) and is written by triggers
    // while cascades run; it goes with its organisation (ORGANISATION_TABLES).
    .addColumn('organisation_id', 'text', (col) => col.notNull())
    .addColumn('secret_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('change_seq', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('secret_key_removals_pkey', ['secret_id', 'user_id'])
    .execute();
  // Each stream of the sync reads one user's (or the organisation's) rows in stamp order.
  await createIndex(db, 'secret_key_removals', ['organisation_id', 'user_id', 'change_seq', 'secret_id']);
  await createIndex(db, 'secret_keys', ['organisation_id', 'user_id', 'change_seq', 'secret_id']);
  await createIndex(db, 'secrets', ['organisation_id', 'change_seq', 'id']);
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  // The transaction's stamp: the first call advances the counter (taking the organisation's row
  // until the commit), later calls of the same transaction answer the same number. Null when the
  // organisation is gone (its deletion cascading).
  await sql`
    create function coffer_change_seq(org text) returns bigint language plpgsql as $$
    declare
      mark text := current_setting('coffer.change_seq', true);
      stamp bigint;
    begin
      if mark is not null and mark <> '' and split_part(mark, '/', 1) = org then
        return split_part(mark, '/', 2)::bigint;
      end if;
      update organisations set change_seq = change_seq + 1 where id = org returning change_seq into stamp;
      if stamp is not null then
        perform set_config('coffer.change_seq', org || '/' || stamp, true);
      end if;
      return stamp;
    end
    $$
  `.execute(db);
  await sql`
    create function coffer_stamp_change() returns trigger language plpgsql as $$
    begin
      new.change_seq := coalesce(coffer_change_seq(new.organisation_id), new.change_seq);
      if tg_table_name = 'secret_keys' and tg_op = 'INSERT' then
        delete from secret_key_removals where secret_id = new.secret_id and user_id = new.user_id;
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create function coffer_record_key_removal() returns trigger language plpgsql as $$
    declare
      stamp bigint := coffer_change_seq(old.organisation_id);
    begin
      if stamp is not null then
        insert into secret_key_removals (organisation_id, secret_id, user_id, change_seq)
        values (old.organisation_id, old.secret_id, old.user_id, stamp)
        on conflict (secret_id, user_id) do update set change_seq = excluded.change_seq;
      end if;
      return old;
    end
    $$
  `.execute(db);
  for (const table of ['secrets', 'secret_keys']) {
    await sql`
      create trigger ${sql.raw(`${table}_change_seq`)} before insert or update on ${sql.table(table)}
      for each row execute function coffer_stamp_change()
    `.execute(db);
  }
  await sql`
    create trigger secret_keys_removal after delete on secret_keys
    for each row execute function coffer_record_key_removal()
  `.execute(db);
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  // SQLite cannot change NEW in a BEFORE trigger: AFTER triggers write the stamp into the row, and
  // the update trigger's WHEN keeps that write from firing it again.
  for (const table of ['secrets', 'secret_keys']) {
    const stamp = sql`
      update organisations set change_seq = change_seq + 1 where id = new.organisation_id;
      update ${sql.table(table)} set change_seq = (select change_seq from organisations where id = new.organisation_id)
        where rowid = new.rowid;
    `;
    const forget =
      table === 'secret_keys'
        ? sql`delete from secret_key_removals where secret_id = new.secret_id and user_id = new.user_id;`
        : sql``;
    await sql`
      create trigger ${sql.raw(`${table}_change_seq_insert`)} after insert on ${sql.table(table)}
      for each row begin ${stamp} ${forget} end
    `.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_change_seq_update`)} after update on ${sql.table(table)}
      for each row when new.change_seq = old.change_seq begin ${stamp} end
    `.execute(db);
  }
  // Nothing is recorded once the organisation's row is gone (its deletion cascading).
  await sql`
    create trigger secret_keys_removal after delete on secret_keys
    for each row begin
      update organisations set change_seq = change_seq + 1 where id = old.organisation_id;
      insert into secret_key_removals (organisation_id, secret_id, user_id, change_seq)
        select id, old.secret_id, old.user_id, change_seq from organisations where id = old.organisation_id
        on conflict (secret_id, user_id) do update set change_seq = excluded.change_seq;
    end
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const triggers: [string, string][] = postgres
    ? [
        ['secrets_change_seq', 'secrets'],
        ['secret_keys_change_seq', 'secret_keys'],
        ['secret_keys_removal', 'secret_keys'],
      ]
    : [
        ['secrets_change_seq_insert', 'secrets'],
        ['secrets_change_seq_update', 'secrets'],
        ['secret_keys_change_seq_insert', 'secret_keys'],
        ['secret_keys_change_seq_update', 'secret_keys'],
        ['secret_keys_removal', 'secret_keys'],
      ];
  // SQLite refuses to drop a column a trigger names: the triggers go first.
  for (const [name, table] of triggers) {
    await sql`drop trigger if exists ${sql.raw(name)}${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(
      db,
    );
  }
  if (postgres) {
    for (const fn of ['coffer_record_key_removal', 'coffer_stamp_change', 'coffer_change_seq(text)']) {
      await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
    }
  }
  await db.schema.dropIndex('secrets_organisation_id_change_seq_id_index').execute();
  await db.schema.dropIndex('secret_keys_organisation_id_user_id_change_seq_secret_id_index').execute();
  await db.schema.dropTable('secret_key_removals').execute();
  for (const table of ['secret_keys', 'secrets', 'organisations']) {
    await db.schema.alterTable(table).dropColumn('change_seq').execute();
  }
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
