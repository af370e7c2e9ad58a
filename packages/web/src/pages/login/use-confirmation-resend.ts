import { readSuccessMessage } from '../../api/accounts-api.js';
import { useResendConfirmation } from '../../api/accounts-mutations.js';
import { serverMessageOf } from '../../api/api-error.js';
import { notify } from '../../lib/notification-store.js';

/** After the confirmation e-mail was asked for again, without a server message. */
export const CONFIRMATION_RESENT_MESSAGE = 'We have sent the confirmation email again.';
/** When asking for it failed without a server message. */
export const CONFIRMATION_RESEND_FAILED_MESSAGE =
  'The confirmation email could not be sent. Please try again.';

/**
 * The public confirmation resend (POST /users/confirmation) with its notification. The server
 * answers alike whether or not the address has an account, so its message is shown as given: it
 * cannot say whether the mail left, and the screen does not claim it did.
 */
export function useConfirmationResend(): { resend: (email: string) => Promise<void>; sending: boolean } {
  const resending = useResendConfirmation();
  const resend = async (email: string) => {
    let answer: unknown;
    try {
      answer = await resending.mutateAsync(email);
    } catch (error) {
      notify({ type: 'error', message: serverMessageOf(error) ?? CONFIRMATION_RESEND_FAILED_MESSAGE });
      return;
    }
    notify({ type: 'success', message: readSuccessMessage(answer) ?? CONFIRMATION_RESENT_MESSAGE });
  };
  return { resend, sending: resending.isPending };
}
