import { queryOptions } from '@tanstack/react-query';
import { listImportBatches } from './import-batches-api.js';

/** Query keys of the import history. */
export const importBatchQueryKeys = {
  all: ['import-batches'] as const,
};

/** The import history (the server's newest 100 batches). */
export function importBatchesQuery() {
  return queryOptions({
    queryKey: importBatchQueryKeys.all,
    queryFn: ({ signal }) => listImportBatches(signal),
  });
}
