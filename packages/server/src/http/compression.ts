import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Smallest answer worth compressing: below it, the headers cost more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// Answers that carry a one-time secret in clear (a TOTP seed, recovery codes). Never compressed:
// compression next to reflected input is how BREACH reads secrets off an encrypted connection.
const NEVER_COMPRESSED = /\/two-factor/;
const COMPRESSIBLE_TYPE = /^(application\/(json|javascript|manifest\+json)|text\/|image\/svg\+xml)/;
// Level 4 compresses a page of 200 secrets (126 kB) to about what gzip -6 does, several times faster.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };
const brotliBuffer = promisify(brotliCompress);
const gzipBuffer = promisify(gzip);

type Encoding = 'br' | 'gzip';

/**
 * Compresses the answers that pay for it (docs/server.md): GET answers over 1 kB (a page of 200
 * secrets is 126 kB, 16 kB compressed) and the web app's files, with Brotli at a fast level, else
 * gzip. Nothing sent in answer to a POST, PUT, PATCH or DELETE is compressed: those are where a
 * session token, a sign-in proof or a user's own input comes back, the ingredients of BREACH.
 * Request bodies are never inflated (a zip bomb would slip past the body limit): a compressed body
 * fails to parse like any other malformed one.
 *
 * Node's zlib in one hook rather than @fastify/compress: the plugin and its stream polyfills cost
 * 4.5 MB of idle memory, against a goal of 80 MB (docs/decisions.md).
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const encoding = chooseEncoding(request, reply);
    if (!encoding) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return payload;
      markCompressed(reply, encoding);
      return encoding === 'br' ? brotliBuffer(payload, BROTLI) : gzipBuffer(payload, GZIP);
    }
    if (payload instanceof Readable) {
      const length = Number(reply.getHeader('content-length') ?? Number.POSITIVE_INFINITY);
      if (length < COMPRESSION_THRESHOLD_BYTES) return payload;
      markCompressed(reply, encoding);
      return payload.pipe(encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP));
    }
    return payload;
  });
}

function chooseEncoding(request: FastifyRequest, reply: FastifyReply): Encoding | null {
  if (request.method !== 'GET' || reply.statusCode === 204 || reply.statusCode === 304) return null;
  if (reply.hasHeader('content-encoding')) return null;
  if (NEVER_COMPRESSED.test(reply.routeOptions.url ?? request.url)) return null;
  if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return null;
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (acceptsEncoding(accepted, 'br')) return 'br';
  if (acceptsEncoding(accepted, 'gzip')) return 'gzip';
  return null;
}

/** Whether Accept-Encoding lists the coding with a quality above zero. */
export function acceptsEncoding(header: string, coding: Encoding): boolean {
  return header.split(',').some((part) => {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (name !== coding) return false;
    const quality = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

function markCompressed(reply: FastifyReply, encoding: Encoding): void {
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}
