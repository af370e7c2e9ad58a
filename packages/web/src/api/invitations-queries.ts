import { useQuery } from '@tanstack/react-query';
import { listInvitations } from './invitations-api.js';
import { userQueryKeys } from './users-queries.js';

/** Query keys of invitations: under the users' keys, so a change of users refetches them too. */
export const invitationQueryKeys = {
  list: [...userQueryKeys.all, 'invitations'] as const,
};

/** The invitations not accepted yet (one answer: the plans keep them few). */
export function useInvitationList() {
  return useQuery({
    queryKey: invitationQueryKeys.list,
    queryFn: ({ signal }) => listInvitations(signal),
  });
}
