// The popup's texts for a server or session that cannot be used. The spec has none for the extension;
// where the server sends its own words (a locked account, wrong credentials) those are shown verbatim.

export const INVALID_SERVER_URL_MESSAGE =
  'Please enter the address of your Coffer server, like https://coffer.example.com.';
export const SERVER_UNREACHABLE_MESSAGE = 'Coffer could not reach this server. Please check its address.';
export const NOT_COFFER_MESSAGE = 'This address does not answer as a Coffer server. Please check it.';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
export const SESSION_REVOKED_MESSAGE = 'This browser was signed out of Coffer. Please sign in again.';
export const LOCKED_MESSAGE = 'Coffer is locked. Please enter your password to unlock it.';
