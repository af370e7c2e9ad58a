import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { renameRotationsChest } from './rotation-repository.js';
import { renameSecretsChest } from './secret-repository.js';

/** A chest (vaults row), with the counts it keeps (chest-counts.ts). */
export interface ChestRecord {
  id: string;
  organisation_id: string;
  name: string;
  /** Live secrets. */
  secret_count: number;
  /** Live secrets that are not hidden. */
  visible_secret_count: number;
  /** Linked teams. */
  team_count: number;
  /** Rotate its secrets every N days (issue 31), or null. */
  rotation_days: number | null;
  rotation_reminded_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A chest to store: its counts start at 0 and follow the changes (chest-counts.ts). */
export type NewChest = Pick<ChestRecord, 'id' | 'organisation_id' | 'name' | 'created_at' | 'updated_at'> &
  Partial<Pick<ChestRecord, 'rotation_days'>>;

/** Which chests a list may show: all of the organisation (null) or these ids. */
export interface ChestScope {
  organisationId: string;
  chestIds: readonly string[] | null;
  /** Whether the caller sees hidden secrets: their secret_count counts them. */
  includeHidden: boolean;
}

/** The chest with this id in this organisation, or null. */
export async function findChest(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<ChestRecord | null> {
  const row = await db
    .selectFrom('vaults')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The chests with these ids in this organisation (unknown ids are left out). */
export async function findChestsByIds(
  db: Kysely<Database>,
  organisationId: string,
  ids: readonly string[],
): Promise<ChestRecord[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('vaults')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', 'in', ids)
    .execute();
}

/** Every chest of the organisation by name (what an administrator reaches). */
export async function listChestNames(
  db: Kysely<Database>,
  organisationId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('vaults')
    .select(['id', 'name'])
    .where('organisation_id', '=', organisationId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The rows a chests list may show (list-query.ts adds the filter, order and page). */
export function scopeChests(
  query: SelectQueryBuilder<Database, 'vaults', object>,
  scope: ChestScope,
): SelectQueryBuilder<Database, 'vaults', object> | null {
  if (scope.chestIds?.length === 0) return null;
  const scoped = query.where('vaults.organisation_id', '=', scope.organisationId);
  return scope.chestIds ? scoped.where('vaults.id', 'in', scope.chestIds) : scoped;
}

/** Reads a page of a chests list. */
export async function selectChestRows(
  query: SelectQueryBuilder<Database, 'vaults', object>,
): Promise<ChestRecord[]> {
  return query.selectAll('vaults').execute();
}

/** Stores a new chest. */
export async function insertChest(db: Kysely<Database>, chest: NewChest): Promise<void> {
  await db.insertInto('vaults').values(chest).execute();
}

/**
 * Renames a chest (its secrets carry the new name as vault_name) and/or marks it changed now. Run
 * it in a transaction; give `name` only when it changes.
 */
export async function touchChest(
  db: Kysely<Database>,
  chest: Pick<ChestRecord, 'id' | 'organisation_id'>,
  changes: { name?: string; rotation_days?: number | null },
): Promise<void> {
  await db
    .updateTable('vaults')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', chest.organisation_id)
    .where('id', '=', chest.id)
    .execute();
  if (changes.name !== undefined) {
    await renameSecretsChest(db, chest.organisation_id, chest.id, changes.name);
    await renameRotationsChest(db, chest.organisation_id, chest.id, changes.name);
  }
}

/** Deletes a chest; its secrets, their keys, assignments and managers go with it (cascade). */
export async function deleteChest(
  db: Kysely<Database>,
  chest: Pick<ChestRecord, 'id' | 'organisation_id'>,
): Promise<void> {
  await db
    .deleteFrom('vaults')
    .where('organisation_id', '=', chest.organisation_id)
    .where('id', '=', chest.id)
    .execute();
}
