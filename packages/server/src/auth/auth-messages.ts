/** 401 for a missing, unknown or revoked token. */
export const SIGN_IN_REQUIRED = 'You need to sign in or sign up before continuing.';
/** 401 for an expired session: the spec's server error, which the client shows as 'Your session has expired.'. */
export const SESSION_EXPIRED = 'Signature has expired';
/** 401 for a locked (blocked) user; their session ends. */
export const ACCOUNT_LOCKED = 'Your account has been locked. Please contact your administrator.';
/**
 * 403 for everything but the profile, the password change and sign-out while the account still has
 * the password an administrator generated (must_change_password); the spec has no text for it.
 */
export const PASSWORD_CHANGE_REQUIRED = 'Please set a personal password before continuing.';
