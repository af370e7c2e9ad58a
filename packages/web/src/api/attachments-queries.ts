import { queryOptions } from '@tanstack/react-query';
import { fetchAttachmentStorage } from './attachments-api.js';

/** Query keys of the organisation's file storage. */
export const attachmentQueryKeys = {
  storage: ['attachment-storage'] as const,
};

/** The organisation's file storage (used, total, the largest file the server takes), fresh for a minute. */
export function attachmentStorageQuery() {
  return queryOptions({
    queryKey: attachmentQueryKeys.storage,
    queryFn: ({ signal }) => fetchAttachmentStorage(signal),
    staleTime: 60_000,
  });
}
