import type { Kysely } from 'kysely';
import {
  addCascadingReference,
  addFlag,
  addIdAndOrganisation,
  addTimestamps,
  createIndex,
  dropTables,
} from './migration-helpers.js';

// Encrypted secrets and their per-user wrapped keys (crypto.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('secrets')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'vault_id', 'vaults.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('strength', 'integer', (col) => col.notNull())
    .$call((b) => addFlag(b, 'form_fill', false))
    .$call((b) => addFlag(b, 'hidden', false))
    .addColumn('encrypted_data', 'text', (col) => col.notNull())
    .addColumn('encryption_iv', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('suite', 'integer', (col) => col.notNull().defaultTo(1))
    // Kept as plain ids: a secret outlives the user who wrote it.
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('deleted_at', 'text')
    .$call(addTimestamps)
    .execute();
  // The list queries: by organisation or by chest, live or deleted, ordered by name then id.
  await createIndex(db, 'secrets', ['organisation_id', 'deleted_at', 'name', 'id']);
  await createIndex(db, 'secrets', ['organisation_id', 'vault_id', 'deleted_at', 'name', 'id']);
  await createIndex(db, 'secrets', ['vault_id']);

  await db.schema
    .createTable('secret_keys')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'secret_id', 'secrets.id'))
    .$call((b) => addCascadingReference(b, 'user_id', 'users.id'))
    .addColumn('encrypted_value', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .$call(addTimestamps)
    .addUniqueConstraint('secret_keys_secret_id_user_id_unique', ['secret_id', 'user_id'])
    .execute();
  await createIndex(db, 'secret_keys', ['organisation_id', 'user_id']);
  await createIndex(db, 'secret_keys', ['user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['secret_keys', 'secrets']);
}
