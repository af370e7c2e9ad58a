import type { FastifyPluginAsync } from 'fastify';
import {
  createInvitation,
  getInvitationDetails,
  type InvitationInput,
} from '../../services/users/invitation-service.js';
import { idList, object, text } from '../route-schemas.js';

/** POST /api/v1/invitations: an administrator invites someone (signed-in tree). */
export const invitationRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { invitation: InvitationInput } }>(
    '/api/v1/invitations',
    {
      schema: {
        body: object({ invitation: object({ name: text, email: text, team_ids: idList }) }, ['invitation']),
      },
    },
    async (request, reply) => {
      const invitation = await createInvitation(request.ctx, request.caller, request.body.invitation);
      return reply.code(201).send(invitation);
    },
  );
};

/** GET /api/v1/invitations/{token}: what the invitation page shows (public tree). */
export const invitationDetailsRoutes: FastifyPluginAsync = async (app) => {
  // The parameter is named ...token so the logger writes the route pattern, not the token.
  app.get<{ Params: { invitation_token: string } }>(
    '/api/v1/invitations/:invitation_token',
    { schema: { params: object({ invitation_token: text }, ['invitation_token']) } },
    async (request) => getInvitationDetails(request.ctx, request.params.invitation_token),
  );
};
