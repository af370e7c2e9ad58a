import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { PagePosition } from './paging.js';
import { FIRST_PAGE, nextPagePosition } from './paging.js';
import type { SecretListFilter } from './secrets-api.js';
import { listSecrets } from './secrets-api.js';
import { chestQueryKeys } from './vaults-queries.js';

/** Query keys of secret metadata. Decrypted payloads are never cached: they live in component state. */
export const secretQueryKeys = {
  all: ['secrets'] as const,
  list: (filter: SecretListFilter) => ['secrets', 'list', filter] as const,
};

/** A scroll-paged list of secrets (20 a page, cursor paging when the server offers it). */
export function useSecretList(filter: SecretListFilter) {
  return useInfiniteQuery({
    queryKey: secretQueryKeys.list(filter),
    queryFn: ({ pageParam, signal }) => listSecrets(filter, pageParam, signal),
    initialPageParam: FIRST_PAGE as PagePosition,
    getNextPageParam: (_last, pages) => nextPagePosition(pages),
  });
}

/** Refetches every secret list and the chest lists (their secret counts) after a change. */
export function invalidateSecretLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: secretQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: chestQueryKeys.all }),
  ]).then(() => undefined);
}
