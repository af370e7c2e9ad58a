import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One method and path the app answers, with its schema as Fastify compiles it. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after buildApp's infrastructure, in order (the fuzz test walks it). */
    routeCatalogue: readonly RouteEntry[];
  }
}

/**
 * Records every route as it is added (an `onRoute` hook on the root, so every plugin's routes are
 * seen), so tests can cover each route without anyone keeping a list by hand.
 */
export function registerRouteCatalogue(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeCatalogue', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
  });
}
