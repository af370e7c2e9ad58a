import type { TrustLogQuery } from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import { PASSWORD_CHANGE_FLOW } from '../../auth/authenticate.js';
import {
  appendTrustEntries,
  appendTrustEntry,
  isTrustEntryBatch,
  listTrustLog,
} from '../../services/trust-log/trust-log-service.js';
import { TRUST_LOG_SEQ } from '../route-schemas.js';

/**
 * The organisation trust log (`/api/v1/trust_log`, issue 30, docs/server.md): every member reads it;
 * an entry is appended by its own actor and checked by core's fold before it is stored. The body's
 * shape is core's to check (parseSignedTrustEntry), for its plain messages.
 */
export const trustLogRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: TrustLogQuery }>(
    '/api/v1/trust_log',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { after: TRUST_LOG_SEQ },
          additionalProperties: false,
        },
      },
      // A first personal password moves the user's key in the log: their browser reads the log first.
      config: { ...PASSWORD_CHANGE_FLOW },
    },
    async (request) => listTrustLog(request.ctx, request.caller, request.query),
  );

  // `{ entries }` is a batch, appended whole or not at all ({ items }); else one `{ entry, sig }`.
  app.post('/api/v1/trust_log', async (request, reply) => {
    if (isTrustEntryBatch(request.body)) {
      return reply.code(201).send(await appendTrustEntries(request.ctx, request.caller, request.body));
    }
    const item = await appendTrustEntry(request.ctx, request.caller, request.body);
    return reply.code(201).send(item);
  });
};
