import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { redactLogObject } from './log-redaction.js';

/** Where log lines go when not stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's logger option, without the boolean shorthand. */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The URL as logged: no query string (tokens such as confirmation_token arrive there), and the
 * route pattern instead of the path when a path parameter is a token (/api/v1/invitations/:token).
 */
export function describeRequestUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions?.url;
  if (pattern && /:[^/]*token/i.test(pattern)) return pattern;
  const url = request.originalUrl ?? request.url;
  return url.split('?', 1)[0] ?? '';
}

/** Fastify's logger settings: level, redaction, and a request serializer without query or headers. */
export function buildLoggerOptions(config: Pick<Config, 'logLevel'>, stream?: LogStream): LoggerOptions {
  return {
    level: config.logLevel,
    // Redaction by one walk of each logged object (log-redaction.ts), not pino's `redact` paths.
    formatters: { log: redactLogObject },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: describeRequestUrl(request),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
