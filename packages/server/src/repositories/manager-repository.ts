import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** This user manages this chest. */
export interface ManagerRecord {
  vault_id: string;
  user_id: string;
}

/** The chests one user manages. */
export async function listManagersOfUser(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<ManagerRecord[]> {
  return db
    .selectFrom('vault_managers')
    .select(['vault_id', 'user_id'])
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .execute();
}

/** The managers of these chests. */
export async function listManagersOfChests(
  db: Kysely<Database>,
  organisationId: string,
  chestIds: readonly string[],
): Promise<ManagerRecord[]> {
  if (chestIds.length === 0) return [];
  return db
    .selectFrom('vault_managers')
    .select(['vault_id', 'user_id'])
    .where('organisation_id', '=', organisationId)
    .where('vault_id', 'in', chestIds)
    .orderBy('created_at')
    .execute();
}

/** Makes a user a manager of a chest. */
export async function insertManager(
  db: Kysely<Database>,
  organisationId: string,
  manager: ManagerRecord,
): Promise<void> {
  await db
    .insertInto('vault_managers')
    .values({
      id: randomUUID(),
      organisation_id: organisationId,
      ...manager,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Removes a manager; answers whether there was one. */
export async function deleteManager(
  db: Kysely<Database>,
  organisationId: string,
  manager: ManagerRecord,
): Promise<boolean> {
  const result = await db
    .deleteFrom('vault_managers')
    .where('organisation_id', '=', organisationId)
    .where('vault_id', '=', manager.vault_id)
    .where('user_id', '=', manager.user_id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes every manager right of a user (removed, or made an administrator); answers how many. */
export async function deleteManagersOfUser(
  db: Kysely<Database>,
  organisationId: string,
  userId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('vault_managers')
    .where('organisation_id', '=', organisationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
