import type { ReactNode } from 'react';
import { ROW_CONTAINER_ATTRIBUTE } from './row-navigation.js';
import { canObserveScrolling, useInfiniteScroll } from './use-infinite-scroll.js';
import './lists.css';

/** The failure text of a list that could not load. */
export const LIST_FAILED_MESSAGE = 'The list could not be loaded. Please try again.';

/** Props of a scroll-paged list. */
export interface ScrollListProps<T> {
  /** Accessible name of the list ('Secrets', 'Chests', 'Secrets in {chest}'). */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  renderRow: (row: T) => ReactNode;
  /** 'No Secrets Found' / 'No Chests Found' (spec section 2). */
  emptyText: string;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Class of each row's <li> (the dashboard's 'dashboard-row'). */
  rowClassName?: string;
}

/**
 * A list that loads 20 rows at a time and the next 20 when its end scrolls into view, until the
 * total is reached (spec section 2). Shows the empty text when there is nothing.
 */
export function ScrollList<T>({
  label,
  rows,
  rowKey,
  renderRow,
  emptyText,
  loading,
  error,
  hasMore,
  loadingMore,
  loadMore,
  rowClassName,
}: ScrollListProps<T>) {
  const sentinel = useInfiniteScroll(hasMore, loading || loadingMore, loadMore);
  if (loading) {
    return (
      <p className="scroll-list__status" role="status">
        Loading…
      </p>
    );
  }
  if (error) {
    return (
      <p className="scroll-list__status scroll-list__status--error" role="alert">
        {error}
      </p>
    );
  }
  if (rows.length === 0) return <p className="scroll-list__empty">{emptyText}</p>;
  return (
    <>
      <ul className="scroll-list" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={rowClassName} {...{ [ROW_CONTAINER_ATTRIBUTE]: '' }}>
            {renderRow(row)}
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="scroll-list__sentinel" data-testid="list-sentinel" />
      {loadingMore ? (
        <p className="scroll-list__status" role="status">
          Loading more…
        </p>
      ) : null}
      {hasMore && !loadingMore && !canObserveScrolling() ? (
        <button type="button" className="button button--secondary button--small" onClick={loadMore}>
          Load more
        </button>
      ) : null}
    </>
  );
}
