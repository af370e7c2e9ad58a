import { type Kysely, sql } from 'kysely';

// Partial indexes over live secrets (deleted_at is null), one per list order. PostgreSQL cannot use
// the (organisation_id, deleted_at, name, id) indexes of 0003 to return rows in name order, because
// "deleted_at is null" is not an equality to it; over a partial index the rows come out already
// sorted, so a page and a keyset (cursor) page cost the same at any depth. SQLite uses them alike.
const LIVE_INDEXES: Record<string, string[]> = {
  secrets_live_name_index: ['organisation_id', 'name', 'id'],
  secrets_live_created_at_index: ['organisation_id', 'created_at', 'id'],
  secrets_live_updated_at_index: ['organisation_id', 'updated_at', 'id'],
  secrets_live_vault_name_index: ['organisation_id', 'vault_id', 'name', 'id'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(LIVE_INDEXES)) {
    await db.schema
      .createIndex(name)
      .on('secrets')
      .columns(columns)
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(LIVE_INDEXES)) await db.schema.dropIndex(name).execute();
}
