import type { Kysely } from 'kysely';
import { addIdAndOrganisation, createIndex, dropTables } from './migration-helpers.js';

// The audit log and the daily statistics of the data dashboard.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log_entries')
    .$call(addIdAndOrganisation)
    // No foreign key: the log outlives the user; user_string keeps who it was.
    .addColumn('user_id', 'text')
    .addColumn('user_string', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('object_type', 'text')
    .addColumn('object_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await createIndex(db, 'audit_log_entries', ['organisation_id', 'created_at']);

  await db.schema
    .createTable('data_records')
    .$call(addIdAndOrganisation)
    .addColumn('metric', 'text', (col) => col.notNull())
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addColumn('recorded_on', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('data_records_organisation_id_metric_recorded_on_unique', [
      'organisation_id',
      'metric',
      'recorded_on',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ['data_records', 'audit_log_entries']);
}
