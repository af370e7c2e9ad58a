import { Readable } from 'node:stream';
import { attachmentCiphertextBytes } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type CallerAccess, notFound, requireDownloadable } from '../../policy/index.js';
import { findAttachment, findAttachmentChunk } from '../../repositories/attachment-repository.js';
import { findWrappedKey } from '../../repositories/secret-key-repository.js';
import { findSecret } from '../../repositories/secret-repository.js';
import type { ServiceContext } from '../service-context.js';

/** A download ready to send: its exact length, and the chunks as they are read. */
export interface AttachmentDownload {
  /** Bytes of ciphertext the stream gives: each chunk's iv, ciphertext and tag, in order. */
  length: number;
  stream: Readable;
}

/**
 * A complete file's sealed bytes, for exactly those who may open its secret (404 for anyone else,
 * as GET /api/v1/secrets/:id answers). The chunks are read one row at a time as the client takes
 * them, so a server's memory stays flat however large the file and however many download at once.
 */
export async function openAttachmentDownload(
  ctx: ServiceContext,
  caller: CallerAccess,
  attachmentId: string,
): Promise<AttachmentDownload> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const attachment = await findAttachment(db, organisationId, attachmentId);
  if (!attachment) throw notFound();
  const secret = await findSecret(db, organisationId, attachment.secret_id);
  const ownKey = secret ? await findWrappedKey(db, organisationId, secret.id, caller.user.id) : null;
  requireDownloadable(caller, secret, attachment, ownKey !== null);
  return {
    length: attachmentCiphertextBytes(attachment.size),
    // Not object mode: the stream then holds about one chunk ahead of the socket, never the file.
    stream: Readable.from(readChunks(db, organisationId, attachment.id, attachment.chunk_count), {
      objectMode: false,
    }),
  };
}

async function* readChunks(
  db: Kysely<Database>,
  organisationId: string,
  attachmentId: string,
  chunkCount: number,
): AsyncGenerator<Uint8Array> {
  for (let index = 0; index < chunkCount; index += 1) {
    const chunk = await findAttachmentChunk(db, organisationId, attachmentId, index);
    // Deleted while it was being sent: the connection is cut short rather than the file padded, so
    // the client sees a failed download (its length no longer adds up), never a wrong file.
    if (!chunk) throw new Error('attachment removed during download');
    yield chunk;
  }
}
