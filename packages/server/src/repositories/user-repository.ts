import { normaliseEmail } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database, NewUserRow, UserRow } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';

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
  const flags = Object.fromEntries(BOOLEAN_COLUMNS.map((column) => [column, toBool(row[column])]));
  return { ...row, ...(flags as Record<BooleanColumn, boolean>) };
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
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
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
