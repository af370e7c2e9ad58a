import type { Server } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../db/ping.js';

// Servers that received SIGTERM (keyed by the HTTP server every plugin of one app shares).
const draining = new WeakSet<Server>();

/** From now on /healthz answers 503 `draining`, so load balancers send no new requests (main.ts). */
export function startDraining(app: FastifyInstance): void {
  draining.add(app.server);
}

/** What /healthz answers: whether this server should get requests, and whether its database answers. */
export interface HealthAnswer {
  status: 'ok' | 'unavailable' | 'draining';
  database: 'ok' | 'unavailable';
}

/**
 * GET /healthz, for load balancers and monitoring: 200 `{status: 'ok', database: 'ok'}` when the
 * database answers `select 1`; 503 `unavailable` when it does not; 503 `draining` once the server
 * is shutting down (SIGTERM), while it still finishes the requests it has (docs/operations.md).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (request, reply) => {
    const database = await databaseAnswers(app, request.log);
    const answer: HealthAnswer = {
      status: draining.has(app.server) ? 'draining' : database === 'ok' ? 'ok' : 'unavailable',
      database,
    };
    if (answer.status !== 'ok') reply.code(503).header('retry-after', '5');
    return answer;
  });
};

async function databaseAnswers(
  app: FastifyInstance,
  log: FastifyInstance['log'],
): Promise<HealthAnswer['database']> {
  try {
    await pingDatabase(app.db);
    return 'ok';
  } catch (error) {
    log.error({ err: error }, 'health check: database unavailable');
    return 'unavailable';
  }
}
