import type { Kysely } from 'kysely';
import type { Database, NewSessionRow, SessionRow } from '../db/schema.js';

/** Why a session ended; kept in sessions.revoked_reason. */
export type RevokedReason =
  | 'logout'
  | 'locked'
  | 'password_changed'
  | 'email_changed'
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
export async function touchSession(db: Kysely<Database>, session: SessionRow, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('organisation_id', '=', session.organisation_id)
    .where('id', '=', session.id)
    .execute();
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
