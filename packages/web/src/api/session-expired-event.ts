import { createEvent } from '../lib/create-event.js';

/** The server's error text for an expired token (spec section 8). */
export const SIGNATURE_EXPIRED = 'Signature has expired';

/**
 * Fired by the API client whenever an answer says the token expired. The app shell subscribes
 * (app/use-session-expiry-redirect.ts): it clears the session, goes to /login and tells the user.
 */
export const sessionExpired = createEvent<void>();
