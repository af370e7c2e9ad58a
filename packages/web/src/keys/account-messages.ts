// Texts of the account screens that spec section 8 does not give; the spec's own come from core.

/** The server asked for fewer key-derivation iterations than the client accepts (crypto.md). */
export const WEAK_KDF_MESSAGE =
  'The server asked for a weaker password protection than Coffer accepts, so nothing was sent. Please contact your administrator.';

/** The private key did not open with keys the server accepted (tampered or damaged data). */
export const KEY_UNLOCK_FAILED_MESSAGE =
  'Your encryption key could not be unlocked. Please contact an administrator of your organisation.';

/** A password change the server refused without saying why. */
export const PASSWORD_CHANGE_FAILED_MESSAGE = 'Your password could not be changed. Please try again.';

/** An e-mail change the server refused without saying why. */
export const EMAIL_CHANGE_FAILED_MESSAGE = 'Your email could not be changed. Please try again.';

/** A new password equal to the current one. */
export const SAME_PASSWORD_MESSAGE = 'Please choose a password different from your current one.';
