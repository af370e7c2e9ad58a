import { type Kysely, sql } from 'kysely';
import { dropTables } from './migration-helpers.js';

// The trust log's checkpoint (issue 30): per user, the last place of the log their browser verified,
// `{seq, head}` signed in the browser for that user alone. The server keeps the blob and its seq, in
// the clear only so that a checkpoint never moves back; it knows nothing of what the blob says. seq is
// a bigint, as every whole number the API takes up to 2^53 - 1 must fit on PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trust_checkpoints')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (col) =>
      col.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'bigint', (col) => col.notNull().check(sql`seq >= 0`))
    .addColumn('signed', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['trust_checkpoints']);
}
