import type { FastifyPluginAsync } from 'fastify';
import {
  CONFIRMATION_RESENT,
  CONFIRMED,
  confirmEmail,
  resendConfirmation,
} from '../../services/accounts/confirmation-service.js';
import { object, text } from '../route-schemas.js';

/** GET /users/confirmation (confirm once) and POST /users/confirmation (resend the e-mail). */
export const confirmationRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { confirmation_token?: string } }>(
    '/users/confirmation',
    { schema: { querystring: object({ confirmation_token: text }) } },
    async (request) => {
      const { email } = await confirmEmail(request.ctx, request.query.confirmation_token);
      return { message: CONFIRMED, email };
    },
  );

  app.post<{ Body: { user?: { email?: string } } }>(
    '/users/confirmation',
    {
      schema: { body: object({ user: object({ email: text }) }) },
      config: { rateLimitClass: 'confirmationResend' },
    },
    async (request) => {
      const email = request.body?.user?.email ?? '';
      await app.accountLimiters.confirmationResend.consume(request, email);
      await resendConfirmation(request.ctx, email);
      return { message: CONFIRMATION_RESENT };
    },
  );
};
