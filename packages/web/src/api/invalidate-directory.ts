import type { QueryClient } from '@tanstack/react-query';
import { auditQueryKeys } from './audit-queries.js';
import { teamQueryKeys } from './teams-queries.js';
import { userQueryKeys } from './users-queries.js';
import { chestQueryKeys } from './vaults-queries.js';

/**
 * Refetches what a change of users or teams shows elsewhere: users (their teams), teams (members,
 * counts), chests (their teams) and the activity logs (the change's own entry).
 */
export function invalidateDirectory(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [userQueryKeys.all, teamQueryKeys.all, chestQueryKeys.all, auditQueryKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
