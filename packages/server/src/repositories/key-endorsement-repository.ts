import type { Kysely } from 'kysely';
import type { Database, UserKeyEndorsementColumns } from '../db/schema.js';

/** A user's public key and, when their last rotation was endorsed, the key that signed and the signature. */
export interface KeyEndorsementRow {
  id: string;
  public_key: string;
  endorsing_public_key: string | null;
  key_endorsement: string | null;
}

/** What the personal-password change stores with a new key pair: both, or neither. */
export type KeyEndorsementValues = Pick<KeyEndorsementRow, 'endorsing_public_key' | 'key_endorsement'>;

// The endorsement columns live on users but outside UsersTable (db/schema.ts says why).
function withEndorsements(db: Kysely<Database>) {
  return db.withTables<{ users: UserKeyEndorsementColumns }>();
}

/** The user with this id in this organisation, with their endorsement; null when not found. */
export async function findKeyEndorsement(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<KeyEndorsementRow | null> {
  const row = await withEndorsements(db)
    .selectFrom('users')
    .select(['id', 'public_key', 'endorsing_public_key', 'key_endorsement'])
    .where('organisation_id', '=', organisationId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Stores (or clears, with nulls) the endorsement of the user's current key. Call it in the
 * transaction that replaced the key, after the key: the trigger clears what a key change leaves.
 */
export async function saveKeyEndorsement(
  db: Kysely<Database>,
  user: { organisation_id: string; id: string },
  values: KeyEndorsementValues,
): Promise<void> {
  await withEndorsements(db)
    .updateTable('users')
    .set(values)
    .where('organisation_id', '=', user.organisation_id)
    .where('id', '=', user.id)
    .execute();
}
