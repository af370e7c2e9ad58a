import { useMutation, useQueryClient } from '@tanstack/react-query';
import { undoImportBatch } from './import-batches-api.js';
import { importBatchQueryKeys } from './import-batches-queries.js';
import { invalidateSecretLists } from './secrets-queries.js';

/**
 * Undoes an import batch; afterwards the history (its counts, undone_at) and every secret and chest
 * list (the removed secrets, the Deleted Secrets list, counts) refetch. Callers confirm and notify.
 */
export function useUndoImportBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => undoImportBatch(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: importBatchQueryKeys.all }),
        invalidateSecretLists(queryClient),
      ]),
  });
}
