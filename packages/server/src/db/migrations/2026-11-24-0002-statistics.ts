import type { Kysely } from 'kysely';

// The statistics calls read an organisation's newest record, the one it is compared with, and a
// range of days: (organisation_id, recorded_on) finds each by a seek, however many records, users or
// organisations there are. The unique (organisation_id, metric, recorded_on) of 2026-11-21-0004
// serves the recorder's ON CONFLICT and cannot answer "the newest day" without reading every metric.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('data_records_recorded_on_index')
    .on('data_records')
    .columns(['organisation_id', 'recorded_on'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('data_records_recorded_on_index').execute();
}
