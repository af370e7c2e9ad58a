import type { AttachmentRef } from '@coffer/core';

/** The payload with its files: `attachments` left out when there are none, so a secret without files keeps its old shape. */
export function withAttachments<P extends object>(
  payload: P,
  attachments: readonly AttachmentRef[],
): P & { attachments?: AttachmentRef[] } {
  const { attachments: _old, ...rest } = payload as P & { attachments?: unknown };
  return (attachments.length > 0 ? { ...rest, attachments: [...attachments] } : rest) as P & {
    attachments?: AttachmentRef[];
  };
}
