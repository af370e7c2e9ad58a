import type { Kysely } from 'kysely';
import type { Database, NewSessionRow, SessionRow } from '../db/schema.js';

/** Why a session ended; kept in sessions.revoked_reason. */
export type RevokedReason =
  | 'logout'
  | 'locked'
  | 'password_changed'
  | 'email_changed'
  | 'password_reset'
  | 'two_factor_enabled'
  | 'ownership_transferred';

/** The session whose token has this SHA-256, revoked or not, or null. */
export async function findSessionByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<SessionRow | null> {
  const row = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ?? null;
}

/** Stores a new session. */
export async function insertSession(db: Kysely<Database>, values: NewSessionRow): Promise<SessionRow> {
  return db.insertInto('sessions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Records activity on a session (idle expiry counts from last_seen_at). */
export function touchSession(db: Kysely<Database>, session: SessionKey, at: string): Promise<void> {
  return setSessionTime(db, session, 'last_seen_at', at);
}

/** Records that this session has just proved the account's password (verify_password). */
export function markPasswordVerified(db: Kysely<Database>, session: SessionKey, at: string): Promise<void> {
  return setSessionTime(db, session, 'password_verified_at', at);
}

/** Records that a correct one-time code has just turned two-factor on in this session. */
export function markOtpVerified(db: Kysely<Database>, session: SessionKey, at: string): Promise<void> {
  return setSessionTime(db, session, 'otp_verified_at', at);
}

/**
 * Uses up the session's one-time-code proof if it was recorded after `notBefore`: cleared in the
 * same statement, so two concurrent calls cannot both use it. Answers whether it was there.
 */
export async function consumeOtpProof(
  db: Kysely<Database>,
  session: Pick<SessionRow, 'id' | 'organisation_id'>,
  notBefore: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ otp_verified_at: null })
    .where('organisation_id', '=', session.organisation_id)
    .where('id', '=', session.id)
    .where('otp_verified_at', '>=', notBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends one session. */
export async function revokeSession(
  db: Kysely<Database>,
  session: Pick<SessionRow, 'id' | 'organisation_id'>,
  reason: RevokedReason,
  at = new Date().toISOString(),
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('organisation_id', '=', session.organisation_id)
    .where('id', '=', session.id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user, except `exceptSessionId` (the caller's, on a password change). */
export async function revokeUserSessions(
  db: Kysely<Database>,
  user: { organisation_id: string; id: string },
  reason: RevokedReason,
  options: { exceptSessionId?: string; at?: string } = {},
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: options.at ?? new Date().toISOString(), revoked_reason: reason })
    .where('organisation_id', '=', user.organisation_id)
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null);
  if (options.exceptSessionId) query = query.where('id', '!=', options.exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What names one session: its id, within its organisation. */
type SessionKey = Pick<SessionRow, 'id' | 'organisation_id'>;

/** Sets one of the session's timestamp columns. */
async function setSessionTime(
  db: Kysely<Database>,
  session: SessionKey,
  column: 'last_seen_at' | 'password_verified_at' | 'otp_verified_at',
  at: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ [column]: at })
    .where('organisation_id', '=', session.organisation_id)
    .where('id', '=', session.id)
    .execute();
}
