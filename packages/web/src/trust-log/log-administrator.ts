import { activeUser } from '@coffer/core';
import type { TrustLogView } from './trust-log-store.js';

/**
 * Whether the signed-in user may run the background reshare (issue 30): once the organisation has a
 * trust log, only what the verified log says (an active administrator), whatever the profile claims;
 * without one, the profile as before. Nobody before the first sync of the session answers, so a server
 * that lies about `administrator` gains nothing from the moment before the log is read.
 */
export function isLogAdministrator(view: TrustLogView, userId: string, profileSays: boolean): boolean {
  if (!view.synced || view.alarm) return false;
  if (!view.log) return profileSays;
  return activeUser(view.log.state, userId)?.admin === true;
}
