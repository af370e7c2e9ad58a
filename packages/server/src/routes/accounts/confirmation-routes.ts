import type { FastifyPluginAsync } from 'fastify';
import {
  CONFIRMATION_RESENT,
  CONFIRMED,
  confirmEmail,
  resendConfirmation,
} from '../../services/accounts/confirmation-service.js';
import { confirmEmailChange, EMAIL_CHANGED } from '../../services/accounts/email-change-service.js';
import { object, text } from '../route-schemas.js';

/**
 * GET /users/confirmation (confirm once), POST /users/confirmation (resend the e-mail) and
 * POST /users/email_change/confirmation (the link mailed to a new address, once).
 */
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

  // The token travels in the body, which the log redacts (http/log-redaction.ts), and the call is a
  // POST so that a mail scanner fetching the link's page changes nothing.
  app.post<{ Body: { email_change_token?: string } }>(
    '/users/email_change/confirmation',
    {
      schema: { body: object({ email_change_token: text }) },
      config: { rateLimitClass: 'emailChange' },
    },
    async (request) => {
      const { email } = await confirmEmailChange(request.ctx, request.body?.email_change_token);
      return { message: EMAIL_CHANGED, email };
    },
  );
};
