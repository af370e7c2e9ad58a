import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteSecretPermanently, markSecretForDeletion, unmarkSecretForDeletion } from './secrets-api.js';
import { invalidateSecretLists } from './secrets-queries.js';

/** The secret a lifecycle change works on. */
export interface SecretLifecycleTarget {
  id: string;
  name: string;
}

const CHANGES = {
  remove: markSecretForDeletion,
  restore: unmarkSecretForDeletion,
  deleteForever: deleteSecretPermanently,
} as const;

/** The lifecycle changes of spec section 4: mark for deletion, restore, delete for good (owner). */
export type SecretLifecycleChange = keyof typeof CHANGES;

/**
 * One lifecycle change of a secret as a mutation; every secret and chest list refetches after it
 * (counts, the deleted lists). Callers ask for confirmation and notify.
 */
export function useSecretLifecycle(change: SecretLifecycleChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (secret: SecretLifecycleTarget) => CHANGES[change](secret.id),
    onSuccess: () => invalidateSecretLists(queryClient),
  });
}
