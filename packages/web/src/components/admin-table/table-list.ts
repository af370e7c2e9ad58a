import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ListPage } from '../../api/paging.js';

/** What a table shows of a scroll-paged list. */
export interface TableList<T> {
  rows: T[];
  /** The first page is loading. */
  loading: boolean;
  /** The first page could not be loaded. */
  failed: boolean;
  /** More rows exist than are loaded (until the total). */
  hasMore: boolean;
  loadingMore: boolean;
  /** The last next-page request failed; the offset stays where it was, the next try asks again. */
  moreFailed: boolean;
  loadMore: () => void;
}

/**
 * A resource's infinite query (one per resource: useChestList, useSecretList, ...) as a table's
 * list. Paging stops at the total or at an empty page (the offset is computed from the rows loaded,
 * so an empty or failed page never moves it: spec section 4, "a failed or empty page reverts the offset").
 */
export function toTableList<T>(
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>, Error>,
): TableList<T> {
  return {
    rows: query.data?.pages.flatMap((page) => page.items) ?? [],
    loading: query.isPending,
    failed: query.isError && query.data === undefined,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    loadMore: () => void query.fetchNextPage({ cancelRefetch: false }),
  };
}

/** Rows that are all loaded already (a user's chests from their answer) as a table's list. */
export function staticTableList<T>(
  rows: readonly T[] | undefined,
  state: { loading: boolean; failed: boolean },
): TableList<T> {
  return {
    rows: rows ? [...rows] : [],
    loading: state.loading,
    failed: state.failed,
    hasMore: false,
    loadingMore: false,
    moreFailed: false,
    loadMore: () => undefined,
  };
}
