import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

// Password health (issue 31): one sealed blob of dismissed findings per user, read and replaced whole.

/** A user's stored blob, or undefined before the first save. */
export async function findHealthDismissals(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<{ sealed: string; updated_at: string } | undefined> {
  return db
    .selectFrom('health_dismissals')
    .select(['sealed', 'updated_at'])
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores a user's blob in place of the one before (an upsert on the user). */
export async function saveHealthDismissals(
  db: Kysely<Database>,
  values: { organisationId: string; userId: string; sealed: string; updatedAt: string },
): Promise<void> {
  await db
    .insertInto('health_dismissals')
    .values({
      user_id: values.userId,
      organisation_id: values.organisationId,
      sealed: values.sealed,
      updated_at: values.updatedAt,
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ sealed: values.sealed, updated_at: values.updatedAt }),
    )
    .execute();
}
