import { randomBytes } from 'node:crypto';
import { attachmentChunkCiphertextBytes, attachmentChunkCount } from '@coffer/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { callApi } from './chest-scenario.js';

/** POST /api/v1/secrets/:secretId/attachments with the chunk count that follows from the size. */
export function startUpload(
  app: FastifyInstance,
  token: string,
  secretId: string,
  size: number,
  chunkCount = attachmentChunkCount(size),
): Promise<LightMyRequestResponse> {
  return callApi(app, token, 'POST', `/api/v1/secrets/${secretId}/attachments`, {
    size,
    chunk_count: chunkCount,
  });
}

/** PUT one chunk's bytes as application/octet-stream. */
export function putChunk(
  app: FastifyInstance,
  token: string,
  attachmentId: string,
  index: number,
  data: Buffer,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/attachments/${attachmentId}/chunks/${index}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: data,
  });
}

/**
 * Stand-in ciphertext of a file of `size` plaintext bytes: random chunks of exactly the lengths the
 * server expects (iv, ciphertext and tag), as the browser would send them.
 */
export function fakeSealedChunks(size: number): Buffer[] {
  return Array.from({ length: attachmentChunkCount(size) }, (_, index) =>
    randomBytes(attachmentChunkCiphertextBytes(size, index)),
  );
}

/** Uploads a whole file (start, every chunk, complete) and answers its id and the bytes sent. */
export async function uploadFile(
  app: FastifyInstance,
  token: string,
  secretId: string,
  size: number,
): Promise<{ id: string; chunks: Buffer[] }> {
  const started = await startUpload(app, token, secretId, size);
  if (started.statusCode !== 201) throw new Error(`upload refused: ${started.statusCode} ${started.body}`);
  const id = started.json().attachment.id as string;
  const chunks = fakeSealedChunks(size);
  for (const [index, chunk] of chunks.entries()) {
    const sent = await putChunk(app, token, id, index, chunk);
    if (sent.statusCode !== 204) throw new Error(`chunk refused: ${sent.statusCode} ${sent.body}`);
  }
  const completed = await callApi(app, token, 'POST', `/api/v1/attachments/${id}/complete`);
  if (completed.statusCode !== 200) throw new Error(`complete refused: ${completed.body}`);
  return { id, chunks };
}

/** Rows an attachment has in both tables (0 and 0 once it is gone). */
export async function attachmentRows(
  db: Kysely<Database>,
  attachmentId: string,
): Promise<{ attachments: number; chunks: number }> {
  const [attachments, chunks] = await Promise.all([
    db.selectFrom('attachments').select('id').where('id', '=', attachmentId).execute(),
    db
      .selectFrom('attachment_chunks')
      .select('chunk_index')
      .where('attachment_id', '=', attachmentId)
      .execute(),
  ]);
  return { attachments: attachments.length, chunks: chunks.length };
}
