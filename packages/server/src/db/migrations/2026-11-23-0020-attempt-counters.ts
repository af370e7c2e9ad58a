import type { Kysely } from 'kysely';

// Attempt counters of the per-account limits (issue 14), kept where junk traffic cannot evict them
// and every server sees them: one row per key (the SHA-256 of an action and an account, or a
// sign-in proof), its count and the end of its window in epoch milliseconds. With REDIS_URL the
// counters live in Redis and this table stays empty. It is the one table without organisation_id:
// a key is counted before anyone knows whether, or to which organisation, the account belongs.
// On Citus it is distributed by `key` (docs/operations.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('attempt_counters_reset_at')
    .on('attempt_counters')
    .column('reset_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_counters').execute();
}
