import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths.js';
import { describeRequestUrl } from './logger-options.js';

/**
 * One log line per finished request instead of Fastify's two. API calls log at info; health checks
 * and static files (a load balancer's probes, every page view's assets) only at debug, so the log
 * keeps what an operator reads and the server does not spend its time writing noise.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    // pino makes a disabled level a no-op, so debug lines cost nothing at the default level.
    request.log[levelFor(request)](
      {
        method: request.method,
        url: describeRequestUrl(request),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  });
}

function levelFor(request: FastifyRequest): 'info' | 'debug' {
  const pathname = request.url.split('?', 1)[0];
  return isApiPath(request.url) && pathname !== '/healthz' ? 'info' : 'debug';
}
