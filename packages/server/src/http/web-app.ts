import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { isApiPath } from './api-paths.js';
import { listStaticFiles, sendStaticFile } from './static-files.js';

/** What a browser gets when the web app has not been built. */
export const MISSING_WEB_APP_TEXT =
  "Coffer's API is running, but the web app has not been built.\n" +
  'Run `npm run build` (or `npm start`, which builds first) and restart the server,\n' +
  'or set WEB_DIST to the folder holding the built index.html.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app from WEB_DIST: hashed /assets/* cached for a year, everything else
 * revalidated; any GET for a client route (not /api, /users, /healthz, no file extension) gets
 * index.html. Also installs the app's not-found handler, which answers API paths with JSON.
 *
 * The files are listed once at start (static-files.ts) rather than served by @fastify/static: the
 * plugin and its dependencies cost 1.6 MB of idle memory against a goal of 80 MB (docs/decisions.md),
 * for features (ranges, directory listings, globbing) a build folder does not need.
 */
export async function registerWebApp(app: FastifyInstance, config: Pick<Config, 'webDist'>): Promise<void> {
  const files = existsSync(path.join(config.webDist, 'index.html'))
    ? listStaticFiles(config.webDist)
    : new Map();
  const index = files.get('/index.html');
  for (const [urlPath, file] of files) {
    const cacheControl = urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
    // HEAD named here, so Fastify derives no twin: the file's length is known without reading it.
    app.route({
      method: ['GET', 'HEAD'],
      url: urlPath,
      handler: (request, reply) => sendStaticFile(request, reply, file, cacheControl),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!isClientRoute(request)) return reply.code(404).send({ error: 'Not found' });
    if (index) return sendStaticFile(request, reply, index, REVALIDATE);
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
