import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { accountDeps } from '../../services/account-deps.js';
import {
  activateTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  TWO_FACTOR_WRONG_CODE,
} from '../../services/two-factor-service.js';
import { object, text } from './schema-helpers.js';

/** Two-factor setup, activation, disabling and recovery codes of the caller (spec section 7). */
export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/v1/two-factor-code', async (request) =>
    startTwoFactorSetup(accountDeps(app, request.log), request.auth),
  );

  // Answers in the spec's { "2fa": message } shape on failure too, with errors[] for the request helper.
  app.put<{ Body: { code?: string } }>(
    '/api/v1/two-factor-active',
    { schema: { body: object({ code: text }) } },
    async (request, reply) => {
      try {
        await activateTwoFactor(accountDeps(app, request.log), request.auth, request.body.code ?? '');
        return { '2fa': TWO_FACTOR_ENABLED };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
        const message = error.message || TWO_FACTOR_WRONG_CODE;
        return reply.code(400).send({ '2fa': message, errors: [message] });
      }
    },
  );

  app.put('/api/v1/two-factor-disable', async (request) => {
    await disableTwoFactor(accountDeps(app, request.log), request.auth);
    return { '2fa': TWO_FACTOR_DISABLED };
  });

  app.get('/api/v1/two-factor-backup', async (request) =>
    regenerateRecoveryCodes(accountDeps(app, request.log), request.auth),
  );
};
