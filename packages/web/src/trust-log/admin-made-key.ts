import { activeUser } from '@coffer/core';
import type { TrustLogView } from './trust-log-store.js';

/**
 * Whether the verified log says the user's current key was made by an administrator (admitted as
 * 'created', or re-admitted at a password reset): whoever made it may know its private half, so the
 * user's browser makes a fresh pair at once (R16), whatever the server's must_change_password says.
 */
export function adminMadeKeyInLog(view: Pick<TrustLogView, 'log' | 'alarm'>, userId: string): boolean {
  if (!view.log || view.alarm) return false;
  const origin = activeUser(view.log.state, userId)?.keyOrigin;
  return origin === 'created' || origin === 'reset';
}
