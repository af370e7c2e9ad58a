import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Smallest answer worth compressing: below it, the headers cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// Answers that carry a one-time secret in clear (a TOTP seed, recovery codes). Never compressed:
// compression next to reflected input is how BREACH reads secrets off an encrypted connection.
const NEVER_COMPRESSED = /\/two-factor/;

/**
 * Compresses the answers that pay for it (docs/server.md): GET answers over 1 kB (a page of 200
 * secrets is 126 kB, 16 kB compressed) and the web app's files, with Brotli at a fast level, else
 * gzip. Nothing sent in answer to a POST, PUT, PATCH or DELETE is compressed: those are where a
 * session token, a sign-in proof or a user's own input comes back, the ingredients of BREACH.
 * Compressed request bodies are refused like any unknown content encoding would be: a zip bomb
 * would slip past the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before the plugin's own onRoute hook, which reads `compress` when the route is added.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!compressible(route)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

function compressible(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.every((method) => method === 'GET' || method === 'HEAD')) return false;
  return !NEVER_COMPRESSED.test(route.url);
}
