import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { isApiPath } from './api-paths.js';

/** What a browser gets when the web app has not been built. */
export const MISSING_WEB_APP_TEXT =
  "Coffer's API is running, but the web app has not been built.\n" +
  'Run `npm run build` (or `npm start`, which builds first) and restart the server,\n' +
  'or set WEB_DIST to the folder holding the built index.html.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from WEB_DIST: hashed /assets/* cached for a year, everything else
 * revalidated; any GET for a client route (not /api, /users, /healthz, no file extension) gets
 * index.html. Also installs the app's not-found handler, which answers API paths with JSON.
 */
export async function registerWebApp(app: FastifyInstance, config: Pick<Config, 'webDist'>): Promise<void> {
  const hasWebApp = existsSync(path.join(config.webDist, 'index.html'));
  const assetsDir = path.join(config.webDist, 'assets') + path.sep;
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!isClientRoute(request)) return reply.code(404).send({ error: 'Not found' });
    if (hasWebApp) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(503).type('text/plain; charset=utf-8').send(MISSING_WEB_APP_TEXT);
  });
}

function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  const pathname = request.url.split('?', 1)[0] ?? '';
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}
