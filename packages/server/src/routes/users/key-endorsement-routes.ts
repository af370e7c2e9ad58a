import type { FastifyPluginAsync } from 'fastify';
import { showKeyEndorsement } from '../../services/users/key-endorsement-service.js';
import { ID_PARAMS } from '../route-schemas.js';

/**
 * A colleague's key rotation endorsement (`/api/v1/users/{id}/key_endorsement`, docs/server.md):
 * readable by every signed-in user of the organisation, since browsers that trusted the colleague's
 * previous key verify it themselves before trusting the new one.
 */
export const keyEndorsementRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>(
    '/api/v1/users/:id/key_endorsement',
    { schema: { params: ID_PARAMS } },
    async (request) => showKeyEndorsement(request.ctx, request.caller, request.params.id),
  );
};
