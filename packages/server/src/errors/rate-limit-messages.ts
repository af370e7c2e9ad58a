// The texts of every 429 answer. The specification names none, so they are the house's own; each
// stands once, here on the ground floor, where every layer that refuses a request can take it.

/** An account action over its limit, per account or per address (sign-in, registration, resend...). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** Every password check slot and the queue before them are taken (the Argon2id gate). */
export const SERVER_BUSY = 'Too many sign-ins at the moment. Please try again in a few seconds.';

/** A 429 raised without a text of its own (`AppError.rateLimited()`). */
export const RATE_LIMITED = 'Too many attempts. Please wait a moment and try again.';

/** A route's per-address or per-user limit, with the time until its window ends (e.g. "1 minute"). */
export function tryAgainIn(after: string): string {
  return `Too many attempts. Please try again in ${after}.`;
}
