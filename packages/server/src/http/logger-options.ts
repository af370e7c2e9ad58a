import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/** Where log lines go when not stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's logger option, without the boolean shorthand. */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Body fields that never reach a log line, at any depth up to four levels. */
export const REDACTED_FIELDS = [
  'password',
  'current_password',
  'password_confirmation',
  'otp_attempt',
  'encrypted_private_key',
  'private_key_iv',
  'encrypted_value',
  'encrypted_data',
  'token',
  'confirmation_token',
  'invitation_token',
] as const;

const HEADER_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/** Pino redaction paths: the sensitive headers and every REDACTED_FIELDS name at depth 0 to 3. */
export function buildRedactPaths(): string[] {
  const prefixes = ['', '*.', '*.*.', '*.*.*.'];
  return [
    ...HEADER_PATHS,
    ...REDACTED_FIELDS.flatMap((field) => prefixes.map((prefix) => `${prefix}${field}`)),
  ];
}

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
    redact: { paths: buildRedactPaths(), censor: '[redacted]' },
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
