import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateDirectory } from './invalidate-directory.js';
import { resendInvitation, revokeInvitation } from './invitations-api.js';

/** Resends an invitation (a new link); the lists and the activity log refetch. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resendInvitation(id),
    onSuccess: () => invalidateDirectory(queryClient),
  });
}

/** Revokes an invitation; the lists and the activity log refetch. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeInvitation(id),
    onSuccess: () => invalidateDirectory(queryClient),
  });
}
