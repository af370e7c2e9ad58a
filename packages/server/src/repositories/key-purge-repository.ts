import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A removed user whose wrapped keys are still to go (services/users/key-purger.ts). */
export interface KeyPurge {
  organisation_id: string;
  user_id: string;
}

/** In the removal's transaction: the user's keys are to be purged once it commits. */
export async function queueKeyPurge(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('key_purges')
    .values({ organisation_id: organisationId, user_id: userId, created_at: at })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

/** The oldest purges still to run. */
export async function listKeyPurges(db: Kysely<Database>, limit: number): Promise<KeyPurge[]> {
  return db
    .selectFrom('key_purges')
    .select(['organisation_id', 'user_id'])
    .orderBy('created_at')
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

/** Deletes up to `limit` of the purged user's keys; answers how many went. */
export async function deletePurgedKeys(
  db: Kysely<Database>,
  purge: KeyPurge,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('secret_keys')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('secret_keys')
        .select('id')
        .where('organisation_id', '=', purge.organisation_id)
        .where('user_id', '=', purge.user_id)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's last key has gone. */
export async function finishKeyPurge(db: Kysely<Database>, purge: KeyPurge): Promise<void> {
  await db
    .deleteFrom('key_purges')
    .where('organisation_id', '=', purge.organisation_id)
    .where('user_id', '=', purge.user_id)
    .execute();
}
