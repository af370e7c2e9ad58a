import type { QueryClient } from '@tanstack/react-query';

/**
 * The cache's part in a session's start and end: api/ owns every write to the query cache, so that a
 * screen or a session step never edits server data by hand.
 */

/** Drops every query and mutation: a new session, or one ended on purpose, starts from nothing. */
export function dropSessionCache(queryClient: QueryClient): void {
  queryClient.clear();
}

/** Drops the cached answers when the session ended elsewhere (expiry, a 401): no data outlives it. */
export function dropCachedAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries();
}
