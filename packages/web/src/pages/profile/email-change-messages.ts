import { EMAIL_CHANGE_LINK_HOURS } from '@coffer/core';

// The texts of the e-mail change that waits for the new address (issue 25); the spec has none, as
// its change took effect at once.

/** Title of the Email modal's SUCCESS step. */
export const EMAIL_CHANGE_PENDING_TITLE = 'Confirm Your New Email';

/** What the SUCCESS step says: where the link went, and which address signs in meanwhile. */
export function emailChangePendingText(newEmail: string, currentEmail: string): string {
  return `We sent a link to ${newEmail}. Your email changes when you open it (within ${EMAIL_CHANGE_LINK_HOURS} hours); until then, keep signing in with ${currentEmail}.`;
}

/** What the SUCCESS step says when the link did not leave: the change waits, and can be resent. */
export function emailChangeNotSentText(newEmail: string, currentEmail: string): string {
  return `Your change to ${newEmail} is saved, but its confirmation link could not be sent. Resend it below; until the change is confirmed, keep signing in with ${currentEmail}.`;
}

/** The resend of the pending change's link (the spec's 'Resend email'). */
export const RESEND_EMAIL_CHANGE_LABEL = 'Resend email';

/** After the link was mailed again. */
export function emailChangeResentText(newEmail: string): string {
  return `We sent a new link to ${newEmail}.`;
}

/** The Email row's note while a change waits for its link. */
export function pendingEmailNote(pendingEmail: string): string {
  return `Waiting for confirmation: ${pendingEmail}`;
}

/** Title of the page the link opens. */
export const EMAIL_CHANGE_CONFIRM_TITLE = 'Change Email';
/** While the link is being checked. */
export const EMAIL_CHANGE_CONFIRMING = 'Confirming your new email address…';
/** After the link worked, when the server sent no message. */
export const EMAIL_CHANGED_MESSAGE =
  'Your email address has been changed. Sign in with your new email address.';
/** After the link failed, when the server sent no message. */
export const EMAIL_CHANGE_CONFIRM_FAILED_MESSAGE =
  'Your email address could not be changed. The link may have expired or already been used.';
