import type { FastifyPluginAsync } from 'fastify';
import { listImportBatchesFor } from '../../services/imports/import-batch-query-service.js';
import {
  type ImportBatchStart,
  startImportBatch,
  undoImportBatch,
} from '../../services/imports/import-batch-service.js';
import { ID_PARAMS } from '../route-schemas.js';

// Forms only: the service checks the values, so a bad one is answered with its own sentence.
const START_BODY = {
  type: 'object',
  required: ['import_batch'],
  properties: {
    import_batch: {
      type: 'object',
      additionalProperties: false,
      required: ['format', 'item_count'],
      properties: {
        format: { type: 'string', maxLength: 1000 },
        item_count: { type: 'integer' },
      },
    },
  },
} as const;

/**
 * Import batches (issue 28, docs/server.md "Import batches"): start one before the wizard saves its
 * secrets, list the import history, undo a whole batch.
 */
export const importBatchRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { import_batch: ImportBatchStart } }>(
    '/api/v1/import_batches',
    { schema: { body: START_BODY } },
    async (request, reply) => {
      const answer = await startImportBatch(request.ctx, request.caller, request.body.import_batch);
      return reply.code(201).send(answer);
    },
  );

  app.get('/api/v1/import_batches', async (request) => listImportBatchesFor(request.ctx, request.caller));

  app.post<{ Params: { id: string } }>(
    '/api/v1/import_batches/:id/undo',
    { schema: { params: ID_PARAMS } },
    async (request) => undoImportBatch(request.ctx, request.caller, request.params.id),
  );
};
