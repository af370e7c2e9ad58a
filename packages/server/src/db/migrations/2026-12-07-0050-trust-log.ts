import type { Kysely } from 'kysely';
import { dropTables } from './migration-helpers.js';

// The organisation trust log (issue 30, docs/crypto.md "Organisation trust log"): one row per signed
// entry, in the organisation's sequence. The entry is stored as its canonical JSON, the bytes that
// were signed (after the domain line), with its signature and its hash (the next entry's prev). The
// key (organisation_id, seq) makes two appends at the same place collide in the database: the second
// is a 409, as a moved head is. Rows are never updated or deleted, except with their organisation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trust_log')
    .addColumn('organisation_id', 'text', (col) =>
      col.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('entry', 'text', (col) => col.notNull())
    .addColumn('sig', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('trust_log_pkey', ['organisation_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['trust_log']);
}
