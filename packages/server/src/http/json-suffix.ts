import { isApiPath } from './api-paths.js';

/**
 * Fastify's rewriteUrl: every API path answers with and without `.json` (spec section 7), so
 * `/api/v1/secrets.json` reaches the route registered as `/api/v1/secrets`. Route authors
 * register each path once, without `.json`. Static files (e.g. /assets/x.json) are left alone.
 */
export function stripJsonSuffix(url: string): string {
  if (!isApiPath(url)) return url;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  if (!pathname.endsWith('.json')) return url;
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  return `${pathname.slice(0, -'.json'.length)}${query}`;
}
