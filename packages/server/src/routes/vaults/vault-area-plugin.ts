import type { FastifyPluginAsync } from 'fastify';
import { secretKeyRoutes } from '../secret-keys/secret-key-routes.js';
import { secretRoutes } from '../secrets/secret-routes.js';
import { teamRoutes } from '../teams/team-routes.js';
import { vaultRoutes } from './vault-routes.js';

/** Chests, secrets, their keys and teams: every route needs a signed-in caller. */
const vaultAreaPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(vaultRoutes);
  await app.register(secretRoutes);
  await app.register(secretKeyRoutes);
  await app.register(teamRoutes);
};

// A default export, so routes/index.ts registers the whole area with one line: register(import(…)).
export default vaultAreaPlugin;
