import type { FastifyPluginAsync } from 'fastify';
import { accountDeps } from '../../services/account-deps.js';
import {
  createInvitation,
  getInvitationDetails,
  type InvitationInput,
} from '../../services/invitation-service.js';
import { idList, object, text } from './schema-helpers.js';

/** POST /api/v1/invitations (administrators) and GET /api/v1/invitations/{token} (public). */
export const invitationRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { invitation: InvitationInput } }>(
    '/api/v1/invitations',
    {
      onRequest: app.authenticate,
      schema: {
        body: object({ invitation: object({ name: text, email: text, team_ids: idList }) }, ['invitation']),
      },
    },
    async (request, reply) => {
      const invitation = await createInvitation(
        accountDeps(app, request.log),
        request.auth,
        request.body.invitation,
      );
      return reply.code(201).send(invitation);
    },
  );

  // The parameter is named ...token so the logger writes the route pattern, not the token.
  app.get<{ Params: { invitation_token: string } }>(
    '/api/v1/invitations/:invitation_token',
    { schema: { params: object({ invitation_token: text }, ['invitation_token']) } },
    async (request) => getInvitationDetails(accountDeps(app, request.log), request.params.invitation_token),
  );
};
