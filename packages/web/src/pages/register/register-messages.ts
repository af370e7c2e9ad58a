// Texts of the register screens; the spec's verbatim ones come first.

/** Any failed registration (spec section 8). */
export const REGISTRATION_FAILED_MESSAGE =
  'There has been an error while processing your registration. Please try again.';
/** Title of the last step (spec section 2). */
export const CHECK_MAILBOX_TITLE = 'Check your mailbox';
/** The resend link's text (spec section 2). */
export const RESEND_EMAIL_LABEL = 'Resend email';

/** After an invited user's account was made (it is confirmed by the invitation). */
export const INVITED_ACCOUNT_READY_MESSAGE = 'Your account has been created. You can now log in.';
/** An invitation link that is unknown, used or expired. */
export const INVITATION_INVALID_MESSAGE =
  'This invitation is no longer valid. Please ask an administrator of your organisation for a new one.';
