import { type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError } from './api-error.js';
import { FIRST_PAGE, nextPagePosition, type PagePosition } from './paging.js';
import { listRotations, type RotationGrouping } from './rotations-api.js';

/** Query keys of the rotation list. */
export const rotationQueryKeys = {
  all: ['rotations'] as const,
  list: (grouping: RotationGrouping) => ['rotations', grouping] as const,
};

/** The rotation list in a grouping's order, a page at a time; a 403 (not a manager) is not retried. */
export function useRotations(grouping: RotationGrouping) {
  return useInfiniteQuery({
    queryKey: rotationQueryKeys.list(grouping),
    queryFn: ({ pageParam, signal }) => listRotations(grouping, pageParam, signal),
    initialPageParam: FIRST_PAGE as PagePosition,
    getNextPageParam: (_last, pages) => nextPagePosition(pages),
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 2,
  });
}

/** After a save or a mark: the list and its totals are read again. */
export function invalidateRotations(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: rotationQueryKeys.all });
}
