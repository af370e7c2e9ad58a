import { type Kysely, sql } from 'kysely';

// Recording a loss inserts open rows only (closed_at null), thousands at a time when a user who could
// read many secrets is removed (docs/security-centre.md). The statistics' index of closed rows held
// every row; it now holds closed rows only, so recording no longer writes to it. The statistics'
// range on closed_at implies `closed_at IS NOT NULL`, which both engines use to pick a partial index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rotations_closed_at_index').execute();
  await db.schema
    .createIndex('rotations_closed_at_index')
    .on('rotations')
    .columns(['organisation_id', 'closed_at'])
    .where(sql.ref('closed_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rotations_closed_at_index').execute();
  await db.schema
    .createIndex('rotations_closed_at_index')
    .on('rotations')
    .columns(['organisation_id', 'closed_at'])
    .execute();
}
