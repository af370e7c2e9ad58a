import { type Kysely, sql } from 'kysely';
import type { Database, NewSessionRow, OrganisationRow, SessionRow, UserRow } from '../db/schema.js';
import { fixedQuery } from './fixed-query.js';
import { SIGNED_IN_USER_COLUMNS, type SignedInUser, toUser } from './user-repository.js';

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

// Every column of sessions and of organisations; typechecking keeps the lists complete.
const SESSION_COLUMNS = Object.keys({
  id: true,
  organisation_id: true,
  user_id: true,
  token_hash: true,
  created_at: true,
  last_seen_at: true,
  expires_at: true,
  revoked_at: true,
  revoked_reason: true,
  password_verified_at: true,
  otp_verified_at: true,
} satisfies Record<keyof SessionRow, true>) as (keyof SessionRow & string)[];
const ORGANISATION_COLUMNS = Object.keys({
  id: true,
  name: true,
  owner_id: true,
  inactivity_length: true,
  change_seq: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof OrganisationRow, true>) as (keyof OrganisationRow & string)[];

// The three tables share column names (id, organisation_id, created_at…): each is read under its
// own prefix and taken apart again by pickColumns.
const JOINED = [
  { table: 'sessions', prefix: 's_', columns: SESSION_COLUMNS },
  { table: 'users', prefix: 'u_', columns: SIGNED_IN_USER_COLUMNS },
  { table: 'organisations', prefix: 'o_', columns: ORGANISATION_COLUMNS },
].map(({ table, prefix, columns }) => ({
  table,
  columns: columns.map((column) => ({ column, alias: `${prefix}${column}` })),
}));

const selectSignedIn = fixedQuery(['tokenHash'], (db, { tokenHash }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', (join) =>
      join
        .onRef('users.organisation_id', '=', 'sessions.organisation_id')
        .onRef('users.id', '=', 'sessions.user_id'),
    )
    .innerJoin('organisations', 'organisations.id', 'sessions.organisation_id')
    .select(
      JOINED.flatMap(({ table, columns }) =>
        columns.map(({ column, alias }) => sql.ref(`${table}.${column}`).as(alias)),
      ),
    )
    .where('sessions.token_hash', '=', tokenHash),
);

/** A session with its user and organisation, as one request's sign-in check reads them. */
export interface SignedInSession {
  session: SessionRow;
  user: SignedInUser;
  organisation: OrganisationRow;
}

/**
 * The session whose token has this SHA-256 (revoked or not) with its user and organisation, in one
 * statement (every signed-in request runs it); null when there is no such session, or its user or
 * organisation is gone.
 */
export async function findSignedInSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<SignedInSession | null> {
  const [row] = await selectSignedIn(db, { tokenHash });
  if (!row) return null;
  const [session, user, organisation] = JOINED.map(({ columns }) => pickColumns(row, columns));
  return {
    session: session as SessionRow,
    user: toUser(user as UserRow) as SignedInUser,
    organisation: organisation as OrganisationRow,
  };
}

function pickColumns(row: Record<string, unknown>, columns: readonly { column: string; alias: string }[]) {
  const picked: Record<string, unknown> = {};
  for (const { column, alias } of columns) picked[column] = row[alias];
  return picked;
}

/** Stores a new session. */
export async function insertSession(db: Kysely<Database>, values: NewSessionRow): Promise<SessionRow> {
  return db.insertInto('sessions').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Records activity on a session (idle expiry counts from last_seen_at), if no other request has
 * since: answers whether this call wrote. Every request of a session read the same last_seen_at, so
 * when it falls due, each one in flight asks to touch; only the first changes the row. On SQLite an
 * update that changes nothing commits no WAL frame, so the others cost no fsync on the event loop
 * (50 connections on one session made up to 50 synchronous commits in a row).
 */
export async function touchSession(
  db: Kysely<Database>,
  session: SessionKey & Pick<SessionRow, 'last_seen_at'>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('organisation_id', '=', session.organisation_id)
    .where('id', '=', session.id)
    .where('last_seen_at', '=', session.last_seen_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
  column: 'password_verified_at' | 'otp_verified_at',
  at: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ [column]: at })
    .where('organisation_id', '=', session.organisation_id)
    .where('id', '=', session.id)
    .execute();
}
