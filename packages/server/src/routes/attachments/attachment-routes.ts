import { ATTACHMENT_CHUNK_BYTES, ATTACHMENT_CHUNK_OVERHEAD } from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { openAttachmentDownload } from '../../services/attachments/attachment-download-service.js';
import {
  type AttachmentStart,
  finishAttachment,
  putAttachmentChunk,
  removeAttachment,
  showAttachmentStorage,
  startAttachment,
} from '../../services/attachments/attachment-service.js';
import { ID_PARAMS } from '../route-schemas.js';

/** A chunk's body: octet-stream only, at most one chunk's plaintext plus its iv and tag. */
export const CHUNK_BODY_LIMIT = ATTACHMENT_CHUNK_BYTES + ATTACHMENT_CHUNK_OVERHEAD;

/** A chunk sent as anything but raw bytes (JSON, a form): refused before it is looked at. */
export const CHUNK_CONTENT_TYPE_MESSAGE = 'File parts must be sent as application/octet-stream.';

const SECRET_PARAMS = {
  type: 'object',
  required: ['secretId'],
  properties: { secretId: { type: 'string', maxLength: 64 } },
} as const;

const CHUNK_PARAMS = {
  type: 'object',
  required: ['id', 'index'],
  properties: {
    id: { type: 'string', maxLength: 64 },
    index: { type: 'integer', minimum: 0, maximum: 100_000 },
  },
} as const;

// A size past any limit is answered 413 by the service with the limit's message, not as a schema
// failure, so the bound here is only what a number can hold exactly.
const START_BODY = {
  type: 'object',
  required: ['size', 'chunk_count'],
  properties: {
    size: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    chunk_count: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
  },
} as const;

/**
 * Files beside secrets (issue 27, docs/server.md "Attachments"): start an upload, send its sealed
 * chunks in order, complete it; download it whole as one stream; remove it; the organisation's
 * storage. Every route takes the signed-in tree's `member` limit (3000 a minute per user on each
 * route), far above the ten chunk PUTs of a 10 MB file.
 */
export const attachmentRoutes: FastifyPluginAsync = async (app) => {
  // Raw bytes for the chunk route only: this plugin is encapsulated, so no other route accepts them.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post<{ Params: { secretId: string }; Body: AttachmentStart }>(
    '/api/v1/secrets/:secretId/attachments',
    { schema: { params: SECRET_PARAMS, body: START_BODY } },
    async (request, reply) => {
      const answer = await startAttachment(
        request.ctx,
        request.caller,
        request.params.secretId,
        request.body,
      );
      return reply.code(201).send(answer);
    },
  );

  app.put<{ Params: { id: string; index: number }; Body: Buffer | undefined }>(
    '/api/v1/attachments/:id/chunks/:index',
    {
      schema: { params: CHUNK_PARAMS },
      bodyLimit: CHUNK_BODY_LIMIT,
      preValidation: async (request) => {
        if (request.body !== undefined && !Buffer.isBuffer(request.body)) {
          throw AppError.validation(CHUNK_CONTENT_TYPE_MESSAGE);
        }
      },
    },
    async (request, reply) => {
      const { ctx, caller, params } = request;
      await putAttachmentChunk(ctx, caller, params.id, params.index, request.body ?? Buffer.alloc(0));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/v1/attachments/:id/complete',
    { schema: { params: ID_PARAMS } },
    async (request) => finishAttachment(request.ctx, request.caller, request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/attachments/:id',
    { schema: { params: ID_PARAMS } },
    async (request, reply) => {
      const download = await openAttachmentDownload(request.ctx, request.caller, request.params.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(download.length))
        .header('cache-control', 'no-store')
        .send(download.stream);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/attachments/:id',
    { schema: { params: ID_PARAMS } },
    async (request, reply) => {
      await removeAttachment(request.ctx, request.caller, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get('/api/v1/organisation/attachment-storage', async (request) =>
    showAttachmentStorage(request.ctx, request.caller),
  );
};
