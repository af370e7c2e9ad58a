import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Key rotation endorsements (issue 10, docs/crypto.md): at the first personal password the user's
// browser makes a new key pair and signs it with the old private key; the server keeps the signature
// (base64) and the old public key beside the new one, for other browsers to verify. One column per
// statement: SQLite adds a single column per ALTER TABLE.
//
// An endorsement belongs to the key it endorses, so whatever else replaces users.public_key (an
// administrator's reset, or any later path) must drop it. A trigger does that in the database, for
// every writer alike: when an UPDATE changes public_key but not key_endorsement, both are cleared. The
// personal-password change writes its new endorsement after the key (repositories/key-endorsement-repository.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('key_endorsement', 'text').execute();
  await db.schema.alterTable('users').addColumn('endorsing_public_key', 'text').execute();
  if (isPostgres(db)) {
    // BEFORE: the row is written once, and RETURNING shows the cleared columns.
    await sql`
      create function users_key_endorsement_follows_key() returns trigger language plpgsql as $$
      begin
        if new.public_key is distinct from old.public_key
          and new.key_endorsement is not distinct from old.key_endorsement then
          new.key_endorsement := null;
          new.endorsing_public_key := null;
        end if;
        return new;
      end
      $$
    `.execute(db);
    await sql`
      create trigger users_key_endorsement_follows_key before update of public_key on users
      for each row execute function users_key_endorsement_follows_key()
    `.execute(db);
  } else {
    // SQLite cannot change NEW in a BEFORE trigger: the AFTER trigger updates the row again.
    await sql`
      create trigger users_key_endorsement_follows_key after update of public_key on users
      for each row when new.public_key is not old.public_key
        and new.key_endorsement is old.key_endorsement
        and new.key_endorsement is not null
      begin
        update users set key_endorsement = null, endorsing_public_key = null where id = new.id;
      end
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite refuses to drop a column a trigger names: the trigger goes first.
  await sql`drop trigger if exists users_key_endorsement_follows_key${isPostgres(db) ? sql` on users` : sql``}`.execute(
    db,
  );
  if (isPostgres(db)) await sql`drop function if exists users_key_endorsement_follows_key()`.execute(db);
  await db.schema.alterTable('users').dropColumn('endorsing_public_key').execute();
  await db.schema.alterTable('users').dropColumn('key_endorsement').execute();
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
