import { AppError } from '../errors/app-error.js';

/**
 * A 429 that tells the client when to come back: the error handler answers it like any
 * `AppError.rateLimited`, and the hook of `registerRetryAfter` adds `Retry-After` (seconds).
 */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
    this.name = 'RetryLaterError';
  }
}

/** The answer when every password check slot and the queue before them are taken. */
export const SERVER_BUSY = 'Too many sign-ins at the moment. Please try again in a few seconds.';
