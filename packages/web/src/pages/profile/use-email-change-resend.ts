import { MAIL_NOT_SENT_MESSAGE } from '@coffer/core';
import { useMutation } from '@tanstack/react-query';
import { resendEmailChangeLink } from '../../api/accounts-profile-api.js';
import { serverMessageOf } from '../../api/api-error.js';
import { notify } from '../../lib/notification-store.js';
import { emailChangeResentText } from './email-change-messages.js';

/**
 * The resend of the pending e-mail change's link, with its notification: the server says whether the
 * mail left, so a failure shows 'Could not send email successfully.', never a success. `resend`
 * answers whether it left.
 */
export function useEmailChangeResend(): {
  resend: (pendingEmail: string) => Promise<boolean>;
  sending: boolean;
} {
  const mutation = useMutation({ mutationFn: resendEmailChangeLink });
  const resend = async (pendingEmail: string) => {
    let sent: boolean;
    try {
      sent = (await mutation.mutateAsync()).mail_sent;
    } catch (error) {
      notify({ type: 'error', message: serverMessageOf(error) ?? MAIL_NOT_SENT_MESSAGE });
      return false;
    }
    notify(
      sent
        ? { type: 'success', message: emailChangeResentText(pendingEmail) }
        : { type: 'error', message: MAIL_NOT_SENT_MESSAGE },
    );
    return sent;
  };
  return { resend, sending: mutation.isPending };
}
