import { useEffect, useRef } from 'react';

/**
 * Calls `loadMore` whenever the returned sentinel element scrolls into view (IntersectionObserver),
 * as long as `hasMore`; lists put the sentinel after their last row. Without IntersectionObserver
 * (very old browsers) the list shows a 'Load more' button instead, through `hasMore`.
 */
export function useInfiniteScroll(hasMore: boolean, loading: boolean, loadMore: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(loadMore);
  latest.current = loadMore;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  return sentinel;
}

/** Whether this browser can page by scrolling; otherwise lists offer a button. */
export function canObserveScrolling(): boolean {
  return typeof IntersectionObserver === 'function';
}
