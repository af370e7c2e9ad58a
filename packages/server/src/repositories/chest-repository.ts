import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { nameContains, type PageRequest, selectPage } from './list-paging.js';

/** A chest (vaults row). */
export interface ChestRecord {
  id: string;
  organisation_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

/** Which chests a list may show: all of the organisation (null) or these ids. */
export interface ChestScope {
  organisationId: string;
  chestIds: readonly string[] | null;
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

function scoped(db: Kysely<Database>, scope: ChestScope, filter: string | null) {
  let query: SelectQueryBuilder<Database, 'vaults', object> = db
    .selectFrom('vaults')
    .where('vaults.organisation_id', '=', scope.organisationId);
  if (scope.chestIds) query = query.where('vaults.id', 'in', scope.chestIds);
  if (filter) query = query.where(nameContains('vaults', filter));
  return query;
}

/** One page of chests; asks for limit + 1 rows so the caller knows whether more follow. */
export async function listChests(
  db: Kysely<Database>,
  scope: ChestScope,
  page: PageRequest,
): Promise<ChestRecord[]> {
  if (scope.chestIds?.length === 0) return [];
  return selectPage(scoped(db, scope, page.filter).selectAll('vaults'), 'vaults', page).execute();
}

/** How many chests the list's scope and filter match. */
export async function countChests(
  db: Kysely<Database>,
  scope: ChestScope,
  filter: string | null,
): Promise<number> {
  if (scope.chestIds?.length === 0) return 0;
  const row = await scoped(db, scope, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a new chest. */
export async function insertChest(db: Kysely<Database>, chest: ChestRecord): Promise<void> {
  await db.insertInto('vaults').values(chest).execute();
}

/** Renames a chest and/or marks it changed now. */
export async function touchChest(
  db: Kysely<Database>,
  chest: Pick<ChestRecord, 'id' | 'organisation_id'>,
  changes: { name?: string },
): Promise<void> {
  await db
    .updateTable('vaults')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('organisation_id', '=', chest.organisation_id)
    .where('id', '=', chest.id)
    .execute();
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

/** Live (not marked) secrets per chest; hidden ones only when `includeHidden`. */
export async function countLiveSecretsByChest(
  db: Kysely<Database>,
  organisationId: string,
  chestIds: readonly string[],
  includeHidden: boolean,
): Promise<Map<string, number>> {
  if (chestIds.length === 0) return new Map();
  let query = db
    .selectFrom('secrets')
    .select((eb) => ['vault_id', eb.fn.countAll<number>().as('count')])
    .where('organisation_id', '=', organisationId)
    .where('vault_id', 'in', chestIds)
    .where('deleted_at', 'is', null);
  if (!includeHidden) query = query.where('hidden', '=', false);
  const rows = await query.groupBy('vault_id').execute();
  return new Map(rows.map((row) => [row.vault_id, Number(row.count)]));
}
