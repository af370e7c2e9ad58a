// Whether a mail the user is told about right after they act really left (issue 26: mail that fails
// loudly). The change itself is kept either way; the answer of its call says whether the mail went.

/**
 * Carried by the JSON answer of every call that sends such a mail (docs/server.md, "Mail that fails
 * loudly"): `true` when the relay took it, `false` when sending failed and the user must be told.
 */
export interface MailOutcome {
  mail_sent: boolean;
}

/** What a screen shows when `mail_sent` is false (spec section 8, verbatim). */
export const MAIL_NOT_SENT_MESSAGE = 'Could not send email successfully.';

/** Whether an answer says its mail did not leave (a missing field is not a failure: older answers). */
export function mailFailed(answer: unknown): boolean {
  return (
    typeof answer === 'object' && answer !== null && (answer as Partial<MailOutcome>).mail_sent === false
  );
}

/** Sign-in's refusal of an account whose address is not confirmed yet; the login screen offers a resend on it. */
export const UNCONFIRMED_ACCOUNT_MESSAGE = 'You have to confirm your email address before continuing.';
