import { PASSWORD_CONFIRMATION_REQUIRED_MESSAGE } from '@coffer/core';
import type { SessionRow } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { CallerAccess } from '../policy/caller-access.js';

/**
 * How long a session counts as freshly verified after `POST /api/v1/users/verify_password` said
 * `{valid: true}` (api.md), and how long a one-time code proved at activation stays usable.
 */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/** 403 of a call that needs the password proven again first (SecureConfirm in the web app). */
export const PASSWORD_CONFIRMATION_REQUIRED = PASSWORD_CONFIRMATION_REQUIRED_MESSAGE;

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
 * The step-up check of calls a stolen session token must not make alone: granting or removing
 * administrator, an administrator's password reset, starting or activating two-factor, turning it
 * off, new recovery codes, and the owner's transfer and deletion. The session must have proven the
 * password within five minutes; otherwise 403. Call it after the caller's rights are checked, so a
 * caller without them gets the same 403 or 404 as before and learns nothing from it.
 */
export function requireFreshPassword(caller: Pick<CallerAccess, 'session'>, now: Date = new Date()): void {
  if (!hasFreshPassword(caller.session, now)) throw AppError.forbidden(PASSWORD_CONFIRMATION_REQUIRED);
}
