import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { buildErrorBody } from './error-body.js';
import { describeValidationError } from './validation-message.js';

interface ClassifiedError {
  status: number;
  message: string;
  index?: number;
}

// Fastify's own client errors, with messages of our choosing.
const FASTIFY_MESSAGES: Record<string, ClassifiedError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body does not match its length.' },
};

/** Installs the one error handler of the app: every thrown error leaves through here. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message, index } = classify(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ statusCode: status, code: error.code }, 'request refused');
    }
    return reply.code(status).send(buildErrorBody(status, message, index));
  });
}

function classify(error: FastifyError): ClassifiedError {
  if (error instanceof AppError) {
    return { status: error.statusCode, message: error.message, index: error.index };
  }
  if (error.validation) {
    return { status: 400, message: describeValidationError(error.validation, error.validationContext) };
  }
  const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
  if (known) return known;
  const status = error.statusCode ?? 500;
  // Plugins such as @fastify/rate-limit throw errors whose messages are meant for the user.
  if (status >= 400 && status < 500) return { status, message: error.message || 'Bad request' };
  return { status: status >= 500 && status < 600 ? status : 500, message: '' };
}
