import { useCancelSubscription } from '../../api/billing-mutations.js';
import { notify } from '../../lib/notification-store.js';
import { failureText } from '../admin-shell/admin-action.js';
import { openConfirm } from '../modals/confirm-modal.js';

/** Texts of the cancellation (spec section 8's confirmation). */
export const CANCEL_PLAN_TEXT = {
  title: 'Are you sure you want to cancel your subscription?',
  subtext: 'You will not be charged for time after this.',
  confirm: 'Cancel Subscription',
  keep: 'Keep my Plan',
  cancelled: 'Your subscription has been cancelled.',
  failed: 'The subscription could not be cancelled. Please try again.',
} as const;

/**
 * The cancellation: the spec's confirmation, then DELETE subscriptions (the answer is 'No
 * Subscription'), then `onDone`. Answers whether it was cancelled.
 */
export function useCancelPlanFlow(onDone: () => void) {
  const cancel = useCancelSubscription();
  const run = async (): Promise<boolean> => {
    if (cancel.isPending) return false;
    const confirmed = await openConfirm({
      title: CANCEL_PLAN_TEXT.title,
      subtext: CANCEL_PLAN_TEXT.subtext,
      confirmLabel: CANCEL_PLAN_TEXT.confirm,
      cancelLabel: CANCEL_PLAN_TEXT.keep,
      danger: true,
    });
    if (!confirmed) return false;
    try {
      await cancel.mutateAsync();
    } catch (error) {
      notify({ type: 'error', message: failureText(error, CANCEL_PLAN_TEXT.failed) });
      return false;
    }
    notify({ type: 'success', message: CANCEL_PLAN_TEXT.cancelled });
    onDone();
    return true;
  };
  return { cancel: run, cancelling: cancel.isPending };
}
