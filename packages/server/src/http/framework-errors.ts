import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { isApiPath } from './api-paths.js';
import { buildErrorBody } from './error-body.js';
import { createSecurityHeaderWriter } from './security-headers.js';

/** The answer to a path Fastify cannot route: an undecodable escape (`%FF`) or an over-long parameter. */
export const INVALID_ADDRESS_MESSAGE = 'The address is invalid';

// Fastify's router errors, answered before any hook or route runs.
const CLIENT_ERRORS: Record<string, number> = {
  FST_ERR_BAD_URL: 400,
  FST_ERR_MAX_PARAM_LENGTH: 400,
};

/**
 * Fastify's `frameworkErrors`: the router's own failures leave in the app's error shape with the
 * security headers, instead of Fastify's default body (its `FST_ERR_*` code and the echoed path).
 * No hook runs for these requests, so headers and the log line are written here; the path is not
 * logged, since it may carry a token.
 */
export function buildFrameworkErrorHandler(
  config: Pick<Config, 'billing' | 'publicUrl' | 'pwnedRangeUrl'>,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const writeSecurityHeaders = createSecurityHeaderWriter(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = (error.code && CLIENT_ERRORS[error.code]) || 500;
    writeSecurityHeaders(request.raw, reply.raw);
    if (isApiPath(request.raw.url ?? '')) reply.header('cache-control', 'no-store');
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else
      request.log.info({ method: request.method, statusCode: status, code: error.code }, 'request refused');
    void reply.code(status).send(buildErrorBody(status, INVALID_ADDRESS_MESSAGE));
  };
}
