import { normaliseEmail } from '@coffer/core';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';
import { AppError } from '../errors/app-error.js';
import { fixedQuery } from './fixed-query.js';
import { sameOrganisation } from './organisation-check.js';

const BOOLEAN_COLUMNS = [
  'administrator',
  'data_administrator',
  'dark_mode',
  'first_time',
  'has_secret',
  'tutorial',
  'locked',
  'must_change_password',
  'otp_required_for_login',
  'marketing_opt_in',
] as const;

type BooleanColumn = (typeof BOOLEAN_COLUMNS)[number];

/** A user as services see it: the row with real booleans. Never send it as is; use a presenter. */
export type User = Omit<UserRow, BooleanColumn> & Record<BooleanColumn, boolean>;

/** Maps a users row to a User, reading booleans the same way on both dialects. */
export function toUser(row: UserRow): User {
  const user = { ...row } as Record<string, unknown>;
  for (const column of BOOLEAN_COLUMNS) user[column] = toBool(row[column]);
  return user as User;
}

/**
 * Every column of users, for queries that must name them (a join whose tables share column names);
 * typechecking keeps the list complete when the table gains one.
 */
export const USER_COLUMNS = Object.keys({
  id: true,
  organisation_id: true,
  name: true,
  email: true,
  password_hash: true,
  kdf_iterations: true,
  public_key: true,
  encrypted_private_key: true,
  private_key_iv: true,
  key_version: true,
  administrator: true,
  data_administrator: true,
  dark_mode: true,
  first_time: true,
  has_secret: true,
  tutorial: true,
  locked: true,
  must_change_password: true,
  otp_required_for_login: true,
  otp_secret_encrypted: true,
  otp_last_step: true,
  marketing_opt_in: true,
  terms_accepted_at: true,
  confirmation_token_hash: true,
  confirmation_sent_at: true,
  confirmed_at: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof UserRow, true>) as (keyof UserRow & string)[];

/**
 * What the server keeps of a user only for the checks that need it: the password's hash, the
 * sealed private key and the sealed TOTP seed. A signed-in request's caller never carries them
 * (a request reads the user row on every call, and none but a few checks needs these).
 */
export const USER_SECRET_COLUMNS = [
  'password_hash',
  'encrypted_private_key',
  'private_key_iv',
  'otp_secret_encrypted',
  'confirmation_token_hash',
] as const satisfies readonly (keyof UserRow)[];

/** A user without USER_SECRET_COLUMNS: who a signed-in request's caller is. */
export type SignedInUser = Omit<User, (typeof USER_SECRET_COLUMNS)[number]>;

/** USER_COLUMNS without USER_SECRET_COLUMNS. */
export const SIGNED_IN_USER_COLUMNS = USER_COLUMNS.filter(
  (column) => !(USER_SECRET_COLUMNS as readonly string[]).includes(column),
) as Exclude<keyof UserRow & string, (typeof USER_SECRET_COLUMNS)[number]>[];

/**
 * The whole user: `user` itself when it is whole, else a signed-in caller's user read again with
 * every column, for the check that needs USER_SECRET_COLUMNS. 404 when the user is gone meanwhile.
 */
export async function completeUser(
  db: Kysely<Database>,
  organisationId: string,
  user: SignedInUser | User,
): Promise<User> {
  if ('password_hash' in user) return user;
  // Read again whole: these checks are rare, and the row read now is the one they should judge.
  const whole = await findUserById(db, organisationId, user.id);
  if (!whole) throw AppError.notFound();
  return whole;
}

/** The user with this id in this organisation, or null (a foreign id is simply not found). */
export async function findUserById(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<User | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/** The user with this e-mail in any organisation (sign-in, registration), or null. */
// Every sign-in, two-factor check and prelogin looks its e-mail up, wrong ones included.
const selectUserByEmail = fixedQuery(['email'], (db, { email }) =>
  db.selectFrom('users').selectAll().where('email', '=', email),
);

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | null> {
  const [row] = await selectUserByEmail(db, { email: normaliseEmail(email) });
  return row ? toUser(row) : null;
}

/** Inserts a user (e-mail normalised) and returns it as stored. */
export async function insertUser(db: Kysely<Database>, values: NewUserRow): Promise<User> {
  const row = await db
    .insertInto('users')
    .values({ ...values, email: normaliseEmail(values.email) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** A user named by organisation and id, as every update takes it. */
type UserRef = { organisation_id: string; id: string };

// Lookups by a token hash search every organisation: the token is the only thing the caller
// holds, and it is unique.

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

/** What chests, teams and keys need to know of a user: never credentials or key material. */
export interface DirectoryUser {
  id: string;
  name: string;
  email: string;
  administrator: boolean;
}

/** The users with these ids in this organisation (unknown ids are left out), by name. */
export async function findDirectoryUsers(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<DirectoryUser[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'administrator'])
    .where(sameOrganisation('organisation_id', organisationId))
    .where('id', 'in', ids)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, administrator: toBool(row.administrator) }));
}

/** The public keys of these users, by user id (unknown ids are left out). */
export async function findPublicKeys(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<{ user_id: string; public_key: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id as user_id', 'public_key'])
    .where(sameOrganisation('organisation_id', organisationId))
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** The ids of every user of the organisation. */
export async function listOrganisationUserIds(
  db: Kysely<Database>,
  organisationId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(sameOrganisation('organisation_id', organisationId))
    .execute();
  return rows.map((row) => row.id);
}

/** Records that a user has created a secret (the welcome flow's `secret` flag). */
export async function markUserHasSecret(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ has_secret: true })
    .where('organisation_id', '=', organisationId)
    .where('id', '=', userId)
    .where('has_secret', '=', false)
    .execute();
}

/** Which users a list may show: the organisation's, or only the members of one team. */
export interface UserScope {
  organisationId: string;
  /** Only the members of this team (a team's page); a team of another organisation lists nobody. */
  teamId: string | null;
}

/** What the users list reads of a user: never credentials, tokens or the sealed private key. */
export interface UserListRecord {
  id: string;
  name: string;
  email: string;
  administrator: boolean;
  data_administrator: boolean;
  locked: boolean;
  confirmed_at: string | null;
  public_key: string;
  created_at: string;
  updated_at: string;
}

const LIST_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.administrator',
  'users.data_administrator',
  'users.locked',
  'users.confirmed_at',
  'users.public_key',
  'users.created_at',
  'users.updated_at',
] as const;

/** The rows a users list may show (list-query.ts adds the filter, order and page). */
export function scopeUsers(
  query: SelectQueryBuilder<Database, 'users', object>,
  scope: UserScope,
): SelectQueryBuilder<Database, 'users', object> {
  const scoped = query.where('users.organisation_id', '=', scope.organisationId);
  const { teamId } = scope;
  if (teamId === null) return scoped;
  return scoped.where('users.id', 'in', (eb) =>
    eb
      .selectFrom('memberships')
      .select('memberships.user_id')
      .where('memberships.organisation_id', '=', scope.organisationId)
      .where('memberships.team_id', '=', teamId),
  );
}

/** Reads a page of a users list. */
export async function selectUserRows(
  query: SelectQueryBuilder<Database, 'users', object>,
): Promise<UserListRecord[]> {
  const rows = await query.select(LIST_COLUMNS).execute();
  return rows.map((row) => ({
    ...row,
    administrator: toBool(row.administrator),
    data_administrator: toBool(row.data_administrator),
    locked: toBool(row.locked),
  }));
}

/**
 * Deletes a user row. Their sessions, recovery codes, memberships, manager rows, wrapped keys and
 * the invitations they sent go with it (cascade); services delete the ones they count first.
 */
export async function deleteUserRow(db: Kysely<Database>, user: UserRef): Promise<void> {
  await db
    .deleteFrom('users')
    .where('organisation_id', '=', user.organisation_id)
    .where('id', '=', user.id)
    .execute();
}
