import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { listRecentAuditLog, listUserActivity } from './audit-api.js';
import type { PagePosition } from './paging.js';
import { FIRST_PAGE, nextPagePosition } from './paging.js';

/** Query keys of the audit log. */
export const auditQueryKeys = {
  all: ['audit'] as const,
  user: (userId: string) => ['audit', 'user', userId] as const,
  recent: (filter: string) => ['audit', 'recent', filter] as const,
};

/**
 * A user's activity, 10 entries a page, newest first, more on scroll until the total (spec section 2,
 * 'User Activity Log'). The next page starts at the server's cursor, else at the number of entries
 * loaded, so an empty or failed page never moves it.
 */
export function useUserActivity(userId: string) {
  return useInfiniteQuery({
    queryKey: auditQueryKeys.user(userId),
    queryFn: ({ pageParam, signal }) => listUserActivity(userId, pageParam, signal),
    initialPageParam: FIRST_PAGE as PagePosition,
    getNextPageParam: (_last, pages) => nextPagePosition(pages),
  });
}

/** The settings' Audit Log: the latest 200 entries matching the search, newest first. */
export function useRecentAuditLog(filter: string) {
  return useQuery({
    queryKey: auditQueryKeys.recent(filter),
    queryFn: ({ signal }) => listRecentAuditLog(filter, signal),
    placeholderData: keepPreviousData,
  });
}
