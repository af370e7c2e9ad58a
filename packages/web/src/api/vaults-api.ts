import type { Chest, ListResponse, PublicKeyEntry, PublicKeysResponse } from '@coffer/core';
import { PAGE_SIZE } from '@coffer/core';
import { requestOrThrow } from './api-client.js';
import type { PagePosition } from './secrets-api.js';

/** Filters of the chest lists. */
export interface ChestListFilter {
  filter?: string;
  /** Administrators: every chest of the organisation, not only their teams'. */
  everything?: boolean;
  /** Related objects: 'teams' (teams and assignments), 'users' (members and managers). */
  options?: readonly string[];
}

const VAULTS = '/api/v1/vaults.json';
const vaultPath = (id: string, action = '') =>
  `/api/v1/vaults/${encodeURIComponent(id)}${action ? `/${action}` : ''}.json`;

/** One page of chests with their teams (spec section 7: filter, limit 20, offset, options [teams]). */
export function listChests(
  { filter, everything, options = ['teams'] }: ChestListFilter,
  position: PagePosition,
  signal?: AbortSignal,
): Promise<ListResponse<Chest> & { next_cursor?: string | null }> {
  return requestOrThrow(VAULTS, {
    query: {
      limit: PAGE_SIZE,
      ...position,
      filter: filter || undefined,
      everything: everything ? true : undefined,
      options,
    },
    ...(signal ? { signal } : {}),
  });
}

/**
 * Every chest the caller sees (all pages) with teams, assignments, members and managers: what the
 * pickers and the write-access rules need. Follows the server's cursor, else offsets, to the total.
 */
export async function listAllChests(everything: boolean, signal?: AbortSignal): Promise<Chest[]> {
  const chests: Chest[] = [];
  let position: PagePosition = { offset: 0 };
  for (;;) {
    const page = await listChests({ everything, options: ['teams', 'users'] }, position, signal);
    chests.push(...page.items);
    if (page.items.length < PAGE_SIZE || chests.length >= page.total) return chests;
    position = page.next_cursor ? { cursor: page.next_cursor } : { offset: chests.length };
  }
}

/** One chest by id (the chest view's title when it is reopened from lastChest). */
export function fetchChest(id: string, signal?: AbortSignal): Promise<Chest> {
  return requestOrThrow<Chest>(vaultPath(id), signal ? { signal } : {});
}

/**
 * The public keys of everyone who must read a secret in this chest (api.md); `hidden` asks for the
 * administrators only, for secrets hidden from users. Wrap the secret key for exactly these.
 */
export async function fetchChestPublicKeys(id: string, hidden: boolean): Promise<PublicKeyEntry[]> {
  const answer = await requestOrThrow<PublicKeysResponse>(vaultPath(id, 'public_keys'), {
    query: { hidden },
  });
  return answer.items;
}
