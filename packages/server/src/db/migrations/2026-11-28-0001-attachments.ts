import { type Kysely, PostgresAdapter } from 'kysely';
import {
  addCascadingReference,
  addFlag,
  addIdAndOrganisation,
  createIndex,
  dropTables,
} from './migration-helpers.js';

// Files beside secrets (issue 27): sealed in the browser, stored here in chunks of at most 1 MiB of
// plaintext, one row each, so a download is streamed a row at a time and several servers on
// PostgreSQL serve the same files. Both tables cascade from the secret (deleted for good, with its
// chest or its organisation) and from the organisation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attachments')
    .$call(addIdAndOrganisation)
    .$call((b) => addCascadingReference(b, 'secret_id', 'secrets.id'))
    // The uploader: only they may send chunks; kept as a plain id, like a secret's created_by.
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('chunk_count', 'integer', (col) => col.notNull())
    // Chunks received so far: the next one expected, moved by a conditional update.
    .addColumn('uploaded_chunks', 'integer', (col) => col.notNull().defaultTo(0))
    .$call((b) => addFlag(b, 'complete', false))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The organisation's total, the secret's files (and its cascade), the sweeper's stale uploads.
  await createIndex(db, 'attachments', ['organisation_id']);
  await createIndex(db, 'attachments', ['secret_id']);
  await createIndex(db, 'attachments', ['complete', 'created_at']);

  const blob = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('attachment_chunks')
    .addColumn('attachment_id', 'text', (col) =>
      col.notNull().references('attachments.id').onDelete('cascade'),
    )
    .addColumn('chunk_index', 'integer', (col) => col.notNull())
    .addColumn('organisation_id', 'text', (col) =>
      col.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('data', blob, (col) => col.notNull())
    .addPrimaryKeyConstraint('attachment_chunks_primary_key', ['attachment_id', 'chunk_index'])
    .execute();
  await createIndex(db, 'attachment_chunks', ['organisation_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['attachment_chunks', 'attachments']);
}
