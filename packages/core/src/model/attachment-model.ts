/**
 * A file stored beside a secret (issue 27): the server knows only its size and its sealed chunks;
 * name, media type and key live in the secret's sealed payload (AttachmentRef).
 */
export interface Attachment {
  id: string;
  secret_id: string;
  /** Plaintext bytes, as announced when the upload started. */
  size: number;
  chunk_count: number;
  /** False while chunks are still being uploaded; only complete files can be downloaded. */
  complete: boolean;
  created_at: string;
}

/** POST /api/v1/secrets/:secretId/attachments and POST …/complete answer this. */
export interface AttachmentResponse {
  attachment: Attachment;
}

/**
 * GET /api/v1/organisation/attachment-storage: bytes used (pending uploads included) and allowed, and
 * the largest file the server takes (its ATTACHMENT_MAX_BYTES), so the browser refuses by the same figure.
 */
export interface AttachmentStorage {
  used: number;
  total: number;
  file_max: number;
}
