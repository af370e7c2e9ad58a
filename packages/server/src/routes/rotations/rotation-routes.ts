import type { RotationQuery } from '@coffer/core';
import type { FastifyPluginAsync } from 'fastify';
import type { ListQuery } from '../../lists/list-params.js';
import { listRotationsFor } from '../../services/rotations/rotation-query-service.js';
import { dismissRotation } from '../../services/rotations/rotation-service.js';
import { ID_FIELD, ID_PARAMS, listQuerySchema, object, text } from '../route-schemas.js';

type RotationListQuery = ListQuery & Pick<RotationQuery, 'user_id' | 'vault_id'>;

/** The rotation list (`/api/v1/rotations`, issue 31): administrators and chest managers. */
export const rotationRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: RotationListQuery }>(
    '/api/v1/rotations',
    { schema: { querystring: listQuerySchema({ user_id: ID_FIELD, vault_id: ID_FIELD }) } },
    async (request) => listRotationsFor(request.ctx, request.caller, request.query),
  );

  app.post<{ Params: { id: string }; Body: { reason?: string } }>(
    '/api/v1/rotations/:id/dismiss',
    // The reason's length is core's to check, for its message.
    { schema: { params: ID_PARAMS, body: object({ reason: { ...text, maxLength: 4000 } }) } },
    async (request, reply) => {
      await dismissRotation(request.ctx, request.caller, request.params.id, request.body);
      return reply.code(204).send();
    },
  );
};
