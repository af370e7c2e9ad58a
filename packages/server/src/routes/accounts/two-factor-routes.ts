import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { bindAttempts } from '../../security/rate-limits.js';
import {
  activateTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  TWO_FACTOR_WRONG_CODE,
} from '../../services/accounts/two-factor-service.js';
import { object, text } from '../route-schemas.js';

// The spec's { "2fa": message } shape on failure too, with the request helper's errors[] (400) or
// error (403) beside it.
function replyTwoFactorFailure(reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError) || (error.statusCode !== 400 && error.statusCode !== 403)) throw error;
  const message = error.message || TWO_FACTOR_WRONG_CODE;
  const detail = error.statusCode === 400 ? { errors: [message] } : { error: message };
  return reply.code(error.statusCode).send({ '2fa': message, ...detail });
}

/**
 * Two-factor setup, activation, disabling and recovery codes of the caller (spec section 7).
 * Every one needs a step-up (auth/step-up.ts): a password proven within five minutes; disabling also
 * takes a current code instead (a wrong one counts with the password checks), and the setup flow may
 * fetch its recovery codes once right after activation.
 */
export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/v1/two-factor-code', async (request) => startTwoFactorSetup(request.ctx, request.caller));

  app.put<{ Body: { code?: string } }>(
    '/api/v1/two-factor-active',
    { schema: { body: object({ code: text }) } },
    async (request, reply) => {
      try {
        await activateTwoFactor(request.ctx, request.caller, request.body.code ?? '');
        return { '2fa': TWO_FACTOR_ENABLED };
      } catch (error) {
        return replyTwoFactorFailure(reply, error);
      }
    },
  );

  // The body is optional (the web app sends none after SecureConfirm), so it has no schema to fail.
  app.put<{ Body: unknown }>(
    '/api/v1/two-factor-disable',
    { config: { rateLimitClass: 'passwordCheck' } },
    async (request, reply) => {
      const attempts = bindAttempts(app.accountLimiters.passwordCheck, request, request.caller.user.id);
      const body = request.body;
      const sent = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
      const code = typeof sent === 'string' ? sent : undefined;
      try {
        await disableTwoFactor(request.ctx, request.caller, code, attempts);
        return { '2fa': TWO_FACTOR_DISABLED };
      } catch (error) {
        return replyTwoFactorFailure(reply, error);
      }
    },
  );

  app.get('/api/v1/two-factor-backup', async (request) =>
    regenerateRecoveryCodes(request.ctx, request.caller),
  );
};
