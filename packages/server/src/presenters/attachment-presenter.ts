import type { Attachment } from '@coffer/core';
import type { AttachmentRecord } from '../repositories/attachment-repository.js';

/** An attachment as the API shows it: never who uploaded it nor how far the upload got. */
export function presentAttachment(attachment: AttachmentRecord): Attachment {
  return {
    id: attachment.id,
    secret_id: attachment.secret_id,
    size: attachment.size,
    chunk_count: attachment.chunk_count,
    complete: attachment.complete,
    created_at: attachment.created_at,
  };
}
