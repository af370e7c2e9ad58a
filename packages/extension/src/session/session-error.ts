import { ApiError } from '@coffer/web/api/api-error.js';
import { SIGNATURE_EXPIRED } from '@coffer/web/api/session-expired-event.js';
import { SyncReadError } from '../sync/index.js';
import {
  SERVER_UNREACHABLE_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SESSION_REVOKED_MESSAGE,
} from './session-messages.js';

/** The server's 401 text for a missing, unknown or revoked token (packages/server/src/auth). */
export const SIGN_IN_REQUIRED = 'You need to sign in or sign up before continuing.';
/** The server's 401 text for a locked account, shown as it is. */
export const ACCOUNT_LOCKED = 'Your account has been locked. Please contact your administrator.';

/** What a failed call means for the popup: the text to show, and whether the session is over. */
export interface SessionProblem {
  message: string;
  ended: boolean;
}

/**
 * An expired session, a revoked one (signed out elsewhere, a device removed) and a locked account end
 * the session, each with its own words. The crypto client turns API errors into SecretAccessErrors that
 * carry the server's text, so the text decides; an ApiError's status 0 is a network failure.
 */
export function sessionProblemOf(error: unknown): SessionProblem {
  const message =
    error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined;
  if (message === SIGNATURE_EXPIRED) return { message: SESSION_EXPIRED_MESSAGE, ended: true };
  if (message === SIGN_IN_REQUIRED) return { message: SESSION_REVOKED_MESSAGE, ended: true };
  if (message === ACCOUNT_LOCKED) return { message: ACCOUNT_LOCKED, ended: true };
  if (error instanceof ApiError && error.status === 401)
    return { message: SESSION_REVOKED_MESSAGE, ended: true };
  // The index's sync reads with its own transport: its errors carry the status only.
  if (error instanceof SyncReadError && error.status === 401)
    return { message: SESSION_REVOKED_MESSAGE, ended: true };
  if (error instanceof TypeError && error.message === 'Failed to fetch')
    return { message: SERVER_UNREACHABLE_MESSAGE, ended: false };
  if (error instanceof ApiError && error.status === 0)
    return { message: SERVER_UNREACHABLE_MESSAGE, ended: false };
  return { message: message ?? 'Something went wrong. Please try again.', ended: false };
}
