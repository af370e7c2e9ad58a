import type { Kysely } from 'kysely';
import type { Database, UserUpdate } from '../db/schema.js';
import { toUser, type User } from './user-repository.js';

// Account changes of one user. Lookups by a token hash search every organisation: the token is
// the only thing the caller holds, and it is unique.

type UserRef = { organisation_id: string; id: string };

/** The user whose confirmation token has this SHA-256, or null. */
export async function findUserByConfirmationTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<User | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('confirmation_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/** Updates a user's columns (updated_at set here) and returns the user as stored. */
export async function updateUser(db: Kysely<Database>, user: UserRef, values: UserUpdate): Promise<User> {
  const row = await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', user.organisation_id)
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/**
 * Confirms the user holding this confirmation token hash, once: the token is cleared in the same
 * statement, so two concurrent confirmations cannot both succeed. Answers whether it confirmed.
 */
export async function confirmUserByTokenHash(
  db: Kysely<Database>,
  user: UserRef,
  tokenHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ confirmed_at: at, confirmation_token_hash: null, updated_at: at })
    .where('organisation_id', '=', user.organisation_id)
    .where('id', '=', user.id)
    .where('confirmation_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a TOTP time step as used, only if it is later than the last one (no replay). */
export async function claimOtpStep(db: Kysely<Database>, user: UserRef, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ otp_last_step: step })
    .where('organisation_id', '=', user.organisation_id)
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('otp_last_step', 'is', null), eb('otp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Makes a user the organisation's owner (registration). */
export async function setOrganisationOwner(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<void> {
  await db
    .updateTable('organisations')
    .set({ owner_id: userId, updated_at: new Date().toISOString() })
    .where('id', '=', organisationId)
    .execute();
}
