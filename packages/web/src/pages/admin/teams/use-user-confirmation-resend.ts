import { MAIL_NOT_SENT_MESSAGE } from '@coffer/core';
import { useResendUserConfirmation } from '../../../api/users-mutations.js';
import { failureText } from '../../../components/admin-shell/admin-action.js';
import { notify } from '../../../lib/notification-store.js';

/** After an administrator's resend left. */
export const confirmationResentText = (email: string) =>
  `A new confirmation email has been sent to ${email}.`;

/** What a Pending user's resend offers: the action and whether it is on its way. */
export interface UserConfirmationResend {
  /** Mails the user a new confirmation link and notifies how it went; answers whether the mail left. */
  resend: (user: { id: string; email: string }) => Promise<boolean>;
  sending: boolean;
}

/**
 * The administrator's resend of a Pending user's confirmation mail (the new-user screen after a mail
 * that did not leave, and the user page). The server says whether the mail left, so a failure shows
 * the spec's 'Could not send email successfully.', never a success.
 */
export function useUserConfirmationResend(): UserConfirmationResend {
  const mutation = useResendUserConfirmation();
  const resend = async (user: { id: string; email: string }) => {
    let sent: boolean;
    try {
      sent = (await mutation.mutateAsync(user.id)).mail_sent;
    } catch (error) {
      notify({ type: 'error', message: failureText(error) });
      return false;
    }
    notify(
      sent
        ? { type: 'success', message: confirmationResentText(user.email) }
        : { type: 'error', message: MAIL_NOT_SENT_MESSAGE },
    );
    return sent;
  };
  return { resend, sending: mutation.isPending };
}
