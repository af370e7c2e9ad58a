import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSecretLists } from './secrets-queries.js';

/**
 * A change of secrets as a mutation: every secret and chest list refetches after it (counts, the
 * deleted lists). Callers ask for confirmation and notify.
 */
export function useSecretListsMutation<T>(change: (target: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => invalidateSecretLists(queryClient),
  });
}
