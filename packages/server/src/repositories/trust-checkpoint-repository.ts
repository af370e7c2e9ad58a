import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// The trust log's checkpoint (issue 30): one signed checkpoint per user, with its seq in clear.

/** A user's stored checkpoint, or undefined before the first save. */
export async function findTrustCheckpoint(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<{ seq: number; signed: string } | undefined> {
  return db
    .selectFrom('trust_checkpoints')
    .select(['seq', 'signed'])
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Stores a user's checkpoint in place of the one before unless that one's seq is higher: one upsert
 * whose update is conditional on the stored seq, so of two saves racing, a lower one never lands
 * after a higher one on either engine. Answers whether it was written.
 */
export async function saveTrustCheckpoint(
  db: Kysely<Database>,
  values: { organisationId: string; userId: string; seq: number; signed: string; updatedAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('trust_checkpoints')
    .values({
      user_id: values.userId,
      organisation_id: values.organisationId,
      seq: values.seq,
      signed: values.signed,
      updated_at: values.updatedAt,
    })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ seq: values.seq, signed: values.signed, updated_at: values.updatedAt })
        .where('trust_checkpoints.seq', '<=', values.seq),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
