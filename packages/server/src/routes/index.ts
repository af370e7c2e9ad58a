import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/index.js';
import { healthRoutes } from './health.js';

/**
 * Every route plugin of the app, registered after the infrastructure (see docs/server.md).
 * Add yours here. Public routes (sign-in, registration) register directly; routes for signed-in
 * users run `app.authenticate` either for a whole scope:
 *
 *   await app.register(async (api) => {
 *     api.addHook('onRequest', api.authenticate);
 *     await api.register(chestRoutes);
 *   });
 *
 * or per route: `app.get('/api/v1/profile', { onRequest: app.authenticate }, handler)`.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(import('./vaults/vault-area-plugin.js')); // chests, secrets, keys, teams
  await app.register(accountRoutes);
  await app.register(import('./organisation/organisation-routes.js')); // settings, transfer, deletion
}
