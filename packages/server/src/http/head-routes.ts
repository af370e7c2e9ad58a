import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * GET routes that change state, because the specification makes them GET: a new two-factor seed,
 * new recovery codes, locking or unlocking a user, confirming an address. HEAD is a safe method
 * (RFC 9110), so it must never run them. Kept here, beside the rule, rather than at each route: a new
 * GET that changes state must be added (head-routes.test.ts checks every name is a real GET route).
 */
export const GETS_THAT_CHANGE_STATE: ReadonlySet<string> = new Set([
  '/api/v1/two-factor-code',
  '/api/v1/two-factor-backup',
  '/api/v1/users/:id/lock',
  '/api/v1/users/:id/unlock',
  '/users/confirmation',
]);

/**
 * HEAD on any route that answers GET answers as GET without a body (RFC 9110): Fastify derives the
 * HEAD route from the GET one (`exposeHeadRoutes`, app.ts), so both run the same hooks (security
 * headers, no-store, authentication, rate limits) and the same handler, and Fastify drops the body
 * and sets its length. The HEAD twin of a GET that changes state gets a handler that answers 405
 * with `Allow` and does nothing else. Register before any route.
 */
export function registerHeadRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method !== 'HEAD' || !GETS_THAT_CHANGE_STATE.has(route.url)) return;
    route.handler = async (_request, reply) => {
      const allowed = app.routeCatalogue
        .filter((entry) => entry.url === route.url && entry.method !== 'HEAD')
        .map((entry) => entry.method);
      return reply.code(405).header('allow', allowed.join(', ')).send();
    };
  });
}
