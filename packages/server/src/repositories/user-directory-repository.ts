import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toBool } from '../db/to-bool.js';

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
    .where('organisation_id', '=', organisationId)
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
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
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
