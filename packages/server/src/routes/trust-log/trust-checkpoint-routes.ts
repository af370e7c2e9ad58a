import type { TrustCheckpointUpdate } from '@coffer/core';
import { TRUST_CHECKPOINT_MAX_CHARS } from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import {
  readTrustCheckpoint,
  replaceTrustCheckpoint,
} from '../../services/trust-log/trust-checkpoint-service.js';
import { REFUSE_OTHER_FIELDS, WHOLE_NUMBER } from '../route-schemas.js';

// The schema only refuses what is far off; the service answers the limit with its own sentence.
const CHECKPOINT_BODY = {
  type: 'object',
  required: ['seq', 'signed'],
  properties: {
    seq: WHOLE_NUMBER,
    signed: { type: 'string', minLength: 1, maxLength: TRUST_CHECKPOINT_MAX_CHARS * 2 },
  },
  additionalProperties: REFUSE_OTHER_FIELDS,
} as const;

/**
 * The caller's own signed checkpoint of the trust log (issue 30, docs/server.md): read, and move
 * forward. Every signed-in user, any role; there is no id, so only their own.
 */
export const trustCheckpointRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/trust_log/checkpoint', async (request) =>
    readTrustCheckpoint(request.ctx, request.caller),
  );

  app.put<{ Body: TrustCheckpointUpdate }>(
    '/api/v1/trust_log/checkpoint',
    { schema: { body: CHECKPOINT_BODY } },
    async (request) => replaceTrustCheckpoint(request.ctx, request.caller, request.body),
  );
};
