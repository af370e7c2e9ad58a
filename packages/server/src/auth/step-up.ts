import type { SessionRow } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { CallerAccess } from '../policy/caller-access.js';

/**
 * How long a session counts as freshly verified after `POST /api/v1/users/verify_password` said
 * `{valid: true}` (api.md), and how long a one-time code proved at activation stays usable.
 */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/** 403 of a call that needs the password proven again first (SecureConfirm in the web app). */
export const PASSWORD_CONFIRMATION_REQUIRED = 'Please enter your password again to continue.';

/** The earliest proof time still fresh at `now`, as stored (ISO-8601 text). */
export function stepUpCutoff(now: Date = new Date()): string {
  return new Date(now.getTime() - STEP_UP_WINDOW_MS).toISOString();
}

/** Whether the session proved the password within the last five minutes. */
export function hasFreshPassword(
  session: Pick<SessionRow, 'password_verified_at'>,
  now: Date = new Date(),
): boolean {
  const at = session.password_verified_at;
  if (!at) return false;
  const age = now.getTime() - Date.parse(at);
  return age >= 0 && age <= STEP_UP_WINDOW_MS;
}

/**
 * The step-up check of sensitive calls (turning two-factor off, new recovery codes; later the
 * owner's transfer and deletion): a session token alone is not enough, the session must have
 * proven the password within five minutes. Throws 403 otherwise.
 */
export function requireFreshPassword(caller: Pick<CallerAccess, 'session'>, now: Date = new Date()): void {
  if (!hasFreshPassword(caller.session, now)) throw AppError.forbidden(PASSWORD_CONFIRMATION_REQUIRED);
}
