import type { SessionRow } from '../db/schema.js';
import type { Organisation } from '../repositories/organisation-repository.js';

/** Sessions record activity at most this often, to avoid a write per request. */
export const TOUCH_INTERVAL_MS = 60_000;

/** Why a session cannot be used, or null when it can. */
export type SessionProblem = 'revoked' | 'expired' | 'idle' | null;

/**
 * Whether a session is still good at `now`: not revoked, within its absolute expiry, and used
 * within the organisation's inactivity_length minutes (-1, or any value below 1, means never).
 */
export function checkSession(session: SessionRow, organisation: Organisation, now: Date): SessionProblem {
  if (session.revoked_at) return 'revoked';
  if (Date.parse(session.expires_at) <= now.getTime()) return 'expired';
  const idleLimitMs = organisation.inactivity_length * 60_000;
  if (idleLimitMs > 0 && now.getTime() - Date.parse(session.last_seen_at) > idleLimitMs) return 'idle';
  return null;
}

/** Whether last_seen_at is old enough to be worth a write. */
export function shouldTouch(session: SessionRow, now: Date): boolean {
  return now.getTime() - Date.parse(session.last_seen_at) >= TOUCH_INTERVAL_MS;
}
