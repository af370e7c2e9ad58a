import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PagePosition } from './paging.js';
import { FIRST_PAGE, nextPagePosition } from './paging.js';
import { fetchOwnMemberships } from './teams-api.js';
import type { ChestListFilter } from './vaults-api.js';
import { fetchChest, listAllChests, listChests } from './vaults-api.js';

/** Query keys of chests. */
export const chestQueryKeys = {
  all: ['vaults'] as const,
  list: (filter: ChestListFilter) => ['vaults', 'list', filter] as const,
  one: (id: string, options: readonly string[] = []) => ['vaults', 'one', id, options] as const,
  access: (userId: string) => ['vaults', 'access', userId] as const,
};

/** A scroll-paged list of chests with their teams. */
export function useChestList(filter: ChestListFilter) {
  return useInfiniteQuery({
    queryKey: chestQueryKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listChests(filter, pageParam, signal),
    initialPageParam: FIRST_PAGE as PagePosition,
    getNextPageParam: (_last, pages) => nextPagePosition(pages),
  });
}

/** Chests to pick from (the Link modal of a team's chests), by name, optionally filtered. */
export function chestChoicesQuery(filter: string) {
  return queryOptions({
    queryKey: [...chestQueryKeys.all, 'choices', filter] as const,
    queryFn: async ({ signal }) => {
      const page = await listChests(
        { filter, everything: true, options: [], order: 'name asc' },
        { offset: 0 },
        signal,
      );
      return page.items.map((chest) => ({ id: chest.id, label: chest.name }));
    },
  });
}

/** One chest, with the related objects asked for (`teams`, `users`). */
export function useChest(id: string | null, options: readonly string[] = []) {
  return useQuery({
    queryKey: chestQueryKeys.one(id ?? '', options),
    queryFn: ({ signal }) => fetchChest(id ?? '', options, signal),
    enabled: id !== null,
  });
}

/**
 * Every chest the user sees plus their own team memberships: what the chest access rules need to
 * tell which chests the user may write to (administrators: all of them).
 */
export function useChestAccessData(userId: string | undefined, isAdministrator: boolean) {
  return useQuery({
    queryKey: chestQueryKeys.access(userId ?? ''),
    queryFn: async ({ signal }) => {
      const [chests, memberships] = await Promise.all([
        listAllChests(isAdministrator, signal),
        isAdministrator ? Promise.resolve(null) : fetchOwnMemberships(userId ?? '', signal),
      ]);
      return { chests, memberships };
    },
    enabled: userId !== undefined,
    staleTime: 30_000,
  });
}
