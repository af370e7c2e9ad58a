import type { FastifyPluginAsync } from 'fastify';
import { PASSWORD_CHANGE_FLOW } from '../../auth/authenticate.js';
import { bindAttempts, ipRateLimit } from '../../security/rate-limits.js';
import { accountDeps } from '../../services/account-deps.js';
import { checkTwoFactor, prelogin, signIn, signOut } from '../../services/sign-in-service.js';
import type { AccountRouteOptions } from './account-limiters.js';
import { object, text } from './schema-helpers.js';

/** Prelogin, two-factor check, sign-in and sign-out. */
export const sessionRoutes: FastifyPluginAsync<AccountRouteOptions> = async (app, { limiters }) => {
  const limits = app.config.rateLimits;

  app.post<{ Body: { email?: string } }>(
    '/api/v1/prelogin',
    {
      schema: { body: object({ email: text }) },
      config: { rateLimit: ipRateLimit(limits.prelogin.perIp) },
    },
    async (request) => {
      // Keyed by the e-mail as sent (normalised), so a known and an unknown address count alike.
      await limiters.prelogin.consume(request, request.body.email ?? '');
      return prelogin(accountDeps(app, request.log), request.body.email);
    },
  );

  app.post<{ Body: { email?: string; password?: string } }>(
    '/api/v1/two-factor-check',
    {
      schema: { body: object({ email: text, password: text }) },
      config: { rateLimit: ipRateLimit(limits.twoFactorCheck.perIp) },
    },
    async (request) => {
      const attempts = bindAttempts(limiters.twoFactorCheck, request, request.body.email ?? '');
      return checkTwoFactor(accountDeps(app, request.log), request.body, attempts);
    },
  );

  app.post<{ Body: { user?: { email?: string; password?: string; otp_attempt?: string } } }>(
    '/users/sign_in',
    {
      schema: { body: object({ user: object({ email: text, password: text, otp_attempt: text }) }) },
      config: { rateLimit: ipRateLimit(limits.signIn.perIp) },
    },
    async (request, reply) => {
      const input = request.body.user ?? {};
      const attempts = bindAttempts(limiters.signIn, request, input.email ?? '');
      const { token, profile } = await signIn(accountDeps(app, request.log), input, attempts);
      return reply.code(201).header('authorization', `Bearer ${token}`).send(profile);
    },
  );

  app.delete(
    '/users/sign_out',
    { onRequest: app.authenticate, config: { ...PASSWORD_CHANGE_FLOW } },
    async (request, reply) => {
      await signOut(accountDeps(app, request.log), request.auth);
      return reply.code(204).send();
    },
  );
};
