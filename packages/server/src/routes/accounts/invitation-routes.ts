import type { FastifyPluginAsync } from 'fastify';
import {
  createInvitation,
  getInvitationDetails,
  type InvitationInput,
} from '../../services/users/invitation-service.js';
import {
  listInvitationsFor,
  resendInvitation,
  revokeInvitation,
} from '../../services/users/pending-invitation-service.js';
import { ID_PARAMS, idList, object, text } from '../route-schemas.js';

type IdParams = { Params: { id: string } };

/**
 * Invitations of the admin area (signed-in tree, administrators): invite, list those not accepted
 * yet, resend (a new link; limited per invitation by the `invitationResend` class), revoke.
 */
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

  app.get('/api/v1/invitations', async (request) => listInvitationsFor(request.ctx, request.caller));

  app.post<IdParams>(
    '/api/v1/invitations/:id/resend',
    { schema: { params: ID_PARAMS }, config: { rateLimitClass: 'invitationResend' } },
    // Each resend mails someone outside the organisation: counted per invitation, so no mailbox is flooded.
    async (request) =>
      resendInvitation(request.ctx, request.caller, request.params.id, (id) =>
        app.accountLimiters.invitationResend.consume(request, id),
      ),
  );

  app.delete<IdParams>(
    '/api/v1/invitations/:id',
    { schema: { params: ID_PARAMS } },
    async (request, reply) => {
      await revokeInvitation(request.ctx, request.caller, request.params.id);
      return reply.code(204).send();
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
