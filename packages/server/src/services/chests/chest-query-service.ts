import type { Chest, ChestSortKey, ListResponse } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ListQuery } from '../../lists/list-params.js';
import { type ListResource, readListParams, runList } from '../../lists/list-resource.js';
import { byColumn, type SortSpec } from '../../lists/list-sorts.js';
import {
  type CallerAccess,
  listableChestIds,
  requireVisibleChest,
  seesHiddenSecrets,
} from '../../policy/index.js';
import { presentChest } from '../../presenters/chest-presenter.js';
import {
  type ChestRecord,
  type ChestScope,
  findChest,
  scopeChests,
  selectChestRows,
} from '../../repositories/chest-repository.js';
import type { ServiceContext } from '../service-context.js';
import { loadChestExtras } from './chest-extras.js';

/**
 * `GET api/v1/vaults`: the caller's chests, or with `everything` (administrators) all of them.
 * secret_count counts hidden secrets for administrators only, so it sorts by the count they see.
 */
export const CHEST_LIST: ListResource<'vaults', ChestScope, ChestRecord, Chest> = {
  name: 'chests',
  table: 'vaults',
  scope: scopeChests,
  select: selectChestRows,
  sorts: {
    name: byColumn('vaults', 'name', 'text'),
    secret_count: (scope) =>
      byColumn('vaults', scope.includeHidden ? 'secret_count' : 'visible_secret_count', 'integer'),
    team_count: byColumn('vaults', 'team_count', 'integer'),
    created_at: byColumn('vaults', 'created_at', 'text'),
    updated_at: byColumn('vaults', 'updated_at', 'text'),
  } satisfies Record<ChestSortKey, SortSpec<ChestScope, ChestRecord>>,
  filterColumns: ['name'],
  cacheTotals: false,
  present: presentChests,
};

/** Chests as the caller may list them: their own, or with `everything` (administrators) all of them. */
export async function listChestsFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: ListQuery,
): Promise<ListResponse<Chest>> {
  const { db } = ctx;
  const params = readListParams(CHEST_LIST, query);
  const scope: ChestScope = {
    organisationId: caller.organisation.id,
    chestIds: listableChestIds(caller, params.everything),
    includeHidden: seesHiddenSecrets(caller),
  };
  return runList(db, CHEST_LIST, caller, scope, params);
}

/** One chest the caller can see, with the related objects asked for; 404 otherwise. */
export async function showChestFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  options: ReadonlySet<string>,
): Promise<Chest> {
  const { db } = ctx;
  const chest = requireVisibleChest(caller, await findChest(db, caller.organisation.id, id));
  const [presented] = await presentChests(db, caller, [chest], options);
  if (!presented) throw new Error('a presented chest went missing');
  return presented;
}

// Presents chests with their extras, keeping their order.
async function presentChests(
  db: Kysely<Database>,
  caller: CallerAccess,
  chests: readonly ChestRecord[],
  options: ReadonlySet<string>,
): Promise<Chest[]> {
  const extras = await loadChestExtras(
    db,
    caller,
    chests.map((chest) => chest.id),
    options,
  );
  const counted = seesHiddenSecrets(caller) ? 'secret_count' : 'visible_secret_count';
  return chests.map((chest) => presentChest(chest, { secretCount: chest[counted], ...extras.get(chest.id) }));
}
