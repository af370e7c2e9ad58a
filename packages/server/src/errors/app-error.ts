import { RATE_LIMITED } from './rate-limit-messages.js';

/** Kinds of failure a route can report; each has one HTTP status and one answer shape. */
export type AppErrorCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unprocessable'
  | 'rate_limited'
  | 'locked'
  | 'internal';

/** HTTP status of each code. A locked user is a 401, so the client shows the message and signs out. */
export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  locked: 401,
  internal: 500,
};

/** The message of a 5xx answer: the real error goes to the log only. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/**
 * The one error type services and routes throw. `message` is shown to the user as written,
 * so it must be the specification's text where it has one and never carry a secret.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** In a bulk request, the position of the item refused (answered as `index`). */
  readonly index?: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: { cause?: unknown; index?: number },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
    if (options?.index !== undefined) this.index = options.index;
  }

  /** The same refusal, naming the bulk request's item it is about. */
  atIndex(index: number): AppError {
    return new AppError(this.code, this.message, { cause: this.cause, index });
  }

  /** 400 with a message for the form. */
  static validation(message: string): AppError {
    return new AppError('validation', message);
  }

  /** 401: not signed in, bad credentials, expired session. */
  static unauthorized(message = 'You need to sign in or sign up before continuing.'): AppError {
    return new AppError('unauthorized', message);
  }

  /** 403: signed in but not allowed. Prefer notFound() for objects of another organisation. */
  static forbidden(message = 'You are not allowed to do this.'): AppError {
    return new AppError('forbidden', message);
  }

  /** 404, also for ids that exist in another organisation. */
  static notFound(message = 'Not found'): AppError {
    return new AppError('not_found', message);
  }

  /** 409: a duplicate or a stale revision. */
  static conflict(message: string): AppError {
    return new AppError('conflict', message);
  }

  /** 413: what the request would store is over a size limit (a file over ATTACHMENT_MAX_BYTES). */
  static tooLarge(message: string): AppError {
    return new AppError('payload_too_large', message);
  }

  /** 422: well-formed, but not what the stored state expects (a chunk of the wrong length). */
  static unprocessable(message: string): AppError {
    return new AppError('unprocessable', message);
  }

  /** 429 from our own throttles (the rate-limit plugin answers through the same handler). */
  static rateLimited(message = RATE_LIMITED): AppError {
    return new AppError('rate_limited', message);
  }

  /** 401 for a locked (blocked) user. */
  static locked(message = 'Your account has been locked. Please contact your administrator.'): AppError {
    return new AppError('locked', message);
  }
}
