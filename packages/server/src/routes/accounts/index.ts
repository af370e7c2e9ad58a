import type { FastifyPluginAsync } from 'fastify';
import { createAccountLimiters } from './account-limiters.js';
import { confirmationRoutes } from './confirmation-routes.js';
import { invitationRoutes } from './invitation-routes.js';
import { profileRoutes } from './profile-routes.js';
import { registrationRoutes } from './registration-routes.js';
import { sessionRoutes } from './session-routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import { userRoutes } from './user-routes.js';

/** Accounts and sessions (issue 3): registration, confirmation, sign-in, profile, two-factor, invitations. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const options = { limiters: createAccountLimiters(app) };
  await app.register(registrationRoutes, options);
  await app.register(confirmationRoutes, options);
  await app.register(sessionRoutes, options);
  await app.register(profileRoutes, options);
  await app.register(twoFactorRoutes, options);
  await app.register(invitationRoutes);
  await app.register(userRoutes);
};
