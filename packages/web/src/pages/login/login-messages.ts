// The login texts of spec sections 2 and 8, verbatim, and how a failed sign-in picks its message.

/** A failed sign-in without a server message. */
export const INVALID_LOGIN_CREDENTIALS = 'Invalid login credentials.';
/** The server's wrong-credentials text. */
export const SERVER_INVALID_CREDENTIALS = 'Invalid Email or password.';
/** The server's wrong-credentials text inside the 2FA form. */
export const INVALID_OTP_MESSAGE = 'Invalid OTP or recovery code';
/** A failed sign-in in recovery mode. */
export const INVALID_RECOVERY_MESSAGE =
  "Invalid recovery codes - please check that you've entered the right codes and try again. If you still experience issues, please contact your organisation's administrator.";

/** Title of the 2FA state. */
export const TWO_FACTOR_TITLE = 'Two-factor verification';
/** Title of the recovery state. */
export const RECOVERY_TITLE = 'Bypass two-step verification';

/** After a confirmation link worked. */
export const ACCOUNT_CONFIRMED_MESSAGE = 'Your email address has been confirmed. You can now log in.';
/** After a confirmation link failed without a server message. */
export const ACCOUNT_CONFIRMATION_FAILED_MESSAGE =
  'Your email address could not be confirmed. The link may have expired or already been used.';

/** The action offered when sign-in answers that the address is not confirmed yet. */
export const RESEND_CONFIRMATION_LABEL = 'Resend confirmation email';

/** The login states of spec sections 2 and 4. */
export type LoginMode = 'login' | 'twoFactor' | 'recovery';

/** The message a failed sign-in shows in each state (spec section 8). */
export function signInFailureMessage(mode: LoginMode, serverMessage: string | undefined): string {
  if (mode === 'recovery') {
    return serverMessage === undefined || serverMessage === SERVER_INVALID_CREDENTIALS
      ? INVALID_RECOVERY_MESSAGE
      : serverMessage;
  }
  if (mode === 'twoFactor' && serverMessage === SERVER_INVALID_CREDENTIALS) return INVALID_OTP_MESSAGE;
  return serverMessage ?? INVALID_LOGIN_CREDENTIALS;
}
