import type { Kysely } from 'kysely';
import { addIdAndOrganisation, createIndex, dropTables } from './migration-helpers.js';

// Import batches (issue 28): one row per run of the import wizard, and on each secret it created the
// batch's id, so an administrator (or the batch's creator) can undo the whole run at once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_batches')
    .$call(addIdAndOrganisation)
    // The user who ran the import; a plain id like a secret's created_by, so removing the user
    // keeps the organisation's import history.
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('item_count', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('undone_at', 'text')
    .execute();
  // The history lists an organisation's batches (or a member's own) newest first.
  await createIndex(db, 'import_batches', ['organisation_id', 'created_at']);
  await createIndex(db, 'import_batches', ['organisation_id', 'created_by', 'created_at']);

  // A plain nullable column without a foreign key: SQLite cannot drop a column that takes part in
  // one (the down migration), and a batch is only ever deleted with its organisation.
  await db.schema.alterTable('secrets').addColumn('import_batch_id', 'text').execute();
  await createIndex(db, 'secrets', ['import_batch_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('secrets_import_batch_id_index').execute();
  await db.schema.alterTable('secrets').dropColumn('import_batch_id').execute();
  await dropTables(db, ['import_batches']);
}
