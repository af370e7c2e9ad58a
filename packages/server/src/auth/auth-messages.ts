/** 401 for a missing, unknown or revoked token. */
export const SIGN_IN_REQUIRED = 'You need to sign in or sign up before continuing.';
/** 401 for an expired session: the spec's server error, which the client shows as 'Your session has expired.'. */
export const SESSION_EXPIRED = 'Signature has expired';
/** 401 for a locked (blocked) user; their session ends. */
export const ACCOUNT_LOCKED = 'Your account has been locked. Please contact your administrator.';
