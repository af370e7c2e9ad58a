// Session state: token, profile, start and end of a session, the auth and admin guards.

export { fetchProfile, useProfile } from '../api/accounts-queries.js';
export { clearSession, KEPT_STORAGE_KEYS, sessionCleared } from './clear-session.js';
export { confirmLogOut, LOG_OUT_CONFIRM } from './confirm-log-out.js';
export { GuestOnly } from './guest-only.js';
export { RequireAdmin } from './require-admin.js';
export type { ReturnState } from './require-auth.js';
export { RequireAuth, readReturnPath } from './require-auth.js';
export { endSession, logOut, startSession } from './session-actions.js';
export { getToken, setToken, useToken } from './token-store.js';
export type { SessionActions, SessionState } from './use-session.js';
export { useSession, useSessionActions } from './use-session.js';
export { SESSION_EXPIRED_MESSAGE, useSessionExpiryRedirect } from './use-session-expiry-redirect.js';
