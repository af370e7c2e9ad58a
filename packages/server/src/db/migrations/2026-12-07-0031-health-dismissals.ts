import type { Kysely } from 'kysely';
import { dropTables } from './migration-helpers.js';

// Password health (issue 31): each user's dismissed findings, one sealed blob per user. The browser
// seals it for the user alone; the server keeps it and its date, and knows nothing of what it says.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('health_dismissals')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('organisation_id', 'text', (col) =>
      col.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('sealed', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['health_dismissals']);
}
