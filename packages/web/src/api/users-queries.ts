import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PagePosition } from './paging.js';
import { FIRST_PAGE, nextPagePosition } from './paging.js';
import type { UserListFilter } from './users-api.js';
import { fetchUser, listUserChoices, listUsers } from './users-api.js';

/** Query keys of users (administrators). */
export const userQueryKeys = {
  all: ['users'] as const,
  list: (filter: UserListFilter) => ['users', 'list', filter] as const,
  one: (id: string) => ['users', 'one', id] as const,
  choices: (filter: string) => ['users', 'choices', filter] as const,
};

/** A scroll-paged list of users with their teams (all, or one team's members). */
export function useUserList(filter: UserListFilter) {
  return useInfiniteQuery({
    queryKey: userQueryKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listUsers(filter, pageParam, signal),
    initialPageParam: FIRST_PAGE as PagePosition,
    getNextPageParam: (_last, pages) => nextPagePosition(pages),
  });
}

/** One user with memberships and chest permissions. */
export function useUser(id: string) {
  return useQuery({ queryKey: userQueryKeys.one(id), queryFn: ({ signal }) => fetchUser(id, signal) });
}

/** Users to pick from, as the Link modal lists them ('Name (email)'). */
export function userChoicesQuery(filter: string) {
  return queryOptions({
    queryKey: userQueryKeys.choices(filter),
    queryFn: async ({ signal }) => {
      const page = await listUserChoices(filter, signal);
      return page.items.map((user) => ({ id: user.id, label: `${user.name} (${user.email})` }));
    },
  });
}
