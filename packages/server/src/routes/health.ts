import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

/** GET /healthz: 200 once the database answers `select 1`, 503 otherwise (for load balancers). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
