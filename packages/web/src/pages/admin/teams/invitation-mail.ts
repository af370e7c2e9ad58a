import { MAIL_NOT_SENT_MESSAGE, mailFailed } from '@coffer/core';
import { createStore, useStore } from '../../../lib/create-store.js';
import { notify } from '../../../lib/notification-store.js';

// The invitations whose last mail did not leave, in this browser: the server keeps the invitation
// but not the mail's fate, so the list marks these rows until a resend gets through.
const unsent = createStore<ReadonlySet<string>>(new Set());

/** The invitations list's mark of such a row. */
export const MAIL_NOT_SENT_LABEL = 'Email not sent';

/**
 * Tells the administrator whether an invitation's mail left: on success `sent`, otherwise the
 * spec's 'Could not send email successfully.' (the row then offers Resend). Answers whether it left.
 */
export function reportInvitationMail(answer: { id: string; mail_sent: boolean }, sent: string): boolean {
  const failed = mailFailed(answer);
  unsent.set((ids) => {
    if (ids.has(answer.id) === failed) return ids;
    const next = new Set(ids);
    if (failed) next.add(answer.id);
    else next.delete(answer.id);
    return next;
  });
  notify(failed ? { type: 'error', message: MAIL_NOT_SENT_MESSAGE } : { type: 'success', message: sent });
  return !failed;
}

/** Whether this invitation's last mail failed. */
export function useInvitationMailFailed(id: string): boolean {
  return useStore(unsent, (ids) => ids.has(id));
}

/** Forgets every mark (tests). */
export function forgetUnsentInvitations(): void {
  unsent.set(new Set());
}
