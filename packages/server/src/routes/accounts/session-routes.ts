import type { FastifyPluginAsync } from 'fastify';
import { PASSWORD_CHANGE_FLOW } from '../../auth/authenticate.js';
import { bindAttempts } from '../../security/rate-limits.js';
import { createSignInProofs } from '../../security/sign-in-proofs.js';
import { checkTwoFactor, prelogin, signIn, signOut } from '../../services/accounts/sign-in-service.js';
import { object, text } from '../route-schemas.js';

/** Prelogin, two-factor check and sign-in (public tree). */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  // The two-factor check leaves a proof the sign-in accepts: one Argon2id per sign-in.
  const proofs = createSignInProofs(app.attemptStore, app.serverSecrets);

  app.post<{ Body: { email?: string } }>(
    '/api/v1/prelogin',
    {
      schema: { body: object({ email: text }) },
      config: { rateLimitClass: 'prelogin' },
    },
    async (request) => {
      // Keyed by the e-mail as sent (normalised), so a known and an unknown address count alike.
      await app.accountLimiters.prelogin.consume(request, request.body.email ?? '');
      return prelogin(request.ctx, request.body.email);
    },
  );

  app.post<{ Body: { email?: string; password?: string } }>(
    '/api/v1/two-factor-check',
    {
      schema: { body: object({ email: text, password: text }) },
      config: { rateLimitClass: 'twoFactorCheck' },
    },
    async (request) => {
      const attempts = bindAttempts(app.accountLimiters.twoFactorCheck, request, request.body.email ?? '');
      return checkTwoFactor(request.ctx, request.body, attempts, proofs);
    },
  );

  app.post<{ Body: { user?: { email?: string; password?: string; otp_attempt?: string } } }>(
    '/users/sign_in',
    {
      schema: { body: object({ user: object({ email: text, password: text, otp_attempt: text }) }) },
      config: { rateLimitClass: 'signIn' },
    },
    async (request, reply) => {
      const input = request.body.user ?? {};
      const attempts = bindAttempts(app.accountLimiters.signIn, request, input.email ?? '');
      const { token, profile } = await signIn(request.ctx, input, attempts, proofs);
      return reply.code(201).header('authorization', `Bearer ${token}`).send(profile);
    },
  );
};

/** Sign-out (signed-in tree); a user who must still change their password may sign out too. */
export const signOutRoutes: FastifyPluginAsync = async (app) => {
  app.delete('/users/sign_out', { config: { ...PASSWORD_CHANGE_FLOW } }, async (request, reply) => {
    await signOut(request.ctx, request.caller);
    return reply.code(204).send();
  });
};
