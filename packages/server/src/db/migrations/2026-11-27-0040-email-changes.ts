import type { Kysely } from 'kysely';

// Pending e-mail changes (issue 25, review L4): the change waits for the link mailed to the new
// address. The e-mail is the salt of the account keys (docs/crypto.md), so the new auth hash (through
// Argon2id) and the private key re-sealed under the new keys wait here too, and replace the user's at
// confirmation; until then the old address, password hash and sealed key keep working. One row per
// user (a new request replaces it); only the SHA-256 of the link's token is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (col) =>
      col.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('encrypted_private_key', 'text', (col) => col.notNull())
    .addColumn('private_key_iv', 'text', (col) => col.notNull())
    .addColumn('kdf_iterations', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('email_changes_organisation_id_index')
    .on('email_changes')
    .column('organisation_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').execute();
}
