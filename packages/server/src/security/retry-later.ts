import { AppError } from '../errors/app-error.js';

/**
 * A 429 that tells the client when to come back: the error handler answers it like any
 * `AppError.rateLimited`, and the onError hook of `registerRateLimit` adds `Retry-After` (seconds).
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
