import type { Chest, ListResponse } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type CallerAccess, listableChestIds, requireVisibleChest } from '../policy/index.js';
import { presentChest } from '../presenters/chest-presenter.js';
import { type ChestRecord, countChests, findChest, listChests } from '../repositories/chest-repository.js';
import { loadChestExtras } from './chest-extras.js';
import { splitPage } from './list-cursor.js';
import type { ListParams } from './list-params.js';

/** Chests as the caller may list them: their own, or with `everything` (administrators) all of them. */
export async function listChestsFor(
  db: Kysely<Database>,
  access: CallerAccess,
  params: ListParams,
): Promise<ListResponse<Chest>> {
  const scope = {
    organisationId: access.organisation.id,
    chestIds: listableChestIds(access, params.everything),
  };
  const [rows, total] = await Promise.all([
    listChests(db, scope, params.page),
    countChests(db, scope, params.page.filter),
  ]);
  const { rows: page, nextCursor } = splitPage(rows, params.page.limit, params.page.order);
  return { items: await presentChests(db, access, page, params.options), total, next_cursor: nextCursor };
}

/** One chest the caller can see, with the related objects asked for; 404 otherwise. */
export async function showChestFor(
  db: Kysely<Database>,
  access: CallerAccess,
  id: string,
  options: ReadonlySet<string>,
): Promise<Chest> {
  const chest = requireVisibleChest(access, await findChest(db, access.organisation.id, id));
  const [presented] = await presentChests(db, access, [chest], options);
  if (!presented) throw new Error('a presented chest went missing');
  return presented;
}

/** Presents chests with their extras, keeping their order. */
export async function presentChests(
  db: Kysely<Database>,
  access: CallerAccess,
  chests: readonly ChestRecord[],
  options: ReadonlySet<string>,
): Promise<Chest[]> {
  const extras = await loadChestExtras(
    db,
    access,
    chests.map((chest) => chest.id),
    options,
  );
  return chests.map((chest) => presentChest(chest, extras.get(chest.id) ?? { secretCount: 0 }));
}
