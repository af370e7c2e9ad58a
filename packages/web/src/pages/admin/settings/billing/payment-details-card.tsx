import type { PaymentMethod, SubscriptionResponse } from '@coffer/core';
import { requiredMessage } from '@coffer/core';
import { useApplyPromotionCode, useDestroyPaymentMethod } from '../../../../api/billing-mutations.js';
import { attempt, confirmThenAttempt } from '../../../../components/admin-shell/admin-action.js';
import { describeCard, subscriptionOf } from '../../../../components/billing/billing-format.js';
import { openInputModal } from '../../../../components/modals/input-modal.js';

/** Texts of the payment-details card. */
export const PAYMENT_DETAILS_TEXT = {
  title: 'Payment Details',
  none: 'No payment details yet.',
  card: (brand: string, last4: string) => `${brand} ending in ${last4}`,
  expires: (expiry: string) => `Expires ${expiry}`,
  edit: 'Edit',
  enter: 'Enter Payment Details',
  remove: 'Remove Card',
  removeTitle: 'Remove the card?',
  removeSubtext: 'The card is deleted from your billing details.',
  removed: 'The card has been removed.',
  coupon: 'Apply a coupon',
  couponLabel: 'Coupon',
  couponSubtext: 'The discount applies to your subscription from its next invoice.',
  couponApplied: (code: string) => `Coupon ${code} applied.`,
} as const;

/**
 * The summary's payment details (spec sections 2 and 9): brand, last4 and expiry MM/YYYY of the card
 * in use, Edit (or 'Enter Payment Details' when there is none), the coupon link while subscribed,
 * and removing the card when there is no subscription (spec section 4).
 */
export function PaymentDetailsCard({
  method,
  subscription,
  onEdit,
}: {
  method: PaymentMethod | undefined;
  subscription: SubscriptionResponse;
  onEdit: () => void;
}) {
  const applyCoupon = useApplyPromotionCode();
  const destroy = useDestroyPaymentMethod();
  const subscribed = subscriptionOf(subscription) !== null;
  const card = method ? describeCard(method) : null;

  const enterCoupon = async () => {
    const code = await openInputModal({
      title: PAYMENT_DETAILS_TEXT.coupon,
      subtext: PAYMENT_DETAILS_TEXT.couponSubtext,
      label: PAYMENT_DETAILS_TEXT.couponLabel,
      confirmLabel: 'Apply',
      validate: (value) => (value.trim() === '' ? requiredMessage(PAYMENT_DETAILS_TEXT.couponLabel) : null),
    });
    if (code === undefined) return;
    const trimmed = code.trim();
    await attempt(() => applyCoupon.mutateAsync(trimmed), PAYMENT_DETAILS_TEXT.couponApplied(trimmed));
  };

  return (
    <section className="billing-card" aria-labelledby="billing-payment-title">
      <h3 id="billing-payment-title" className="billing-card__title">
        {PAYMENT_DETAILS_TEXT.title}
      </h3>
      {card && method ? (
        <>
          <p className="billing-card__value" data-testid="billing-card">
            {PAYMENT_DETAILS_TEXT.card(card.brand, card.last4)}
          </p>
          <p className="billing-card__detail">{PAYMENT_DETAILS_TEXT.expires(card.expiry)}</p>
          {method.billing_details.name ? (
            <p className="billing-card__detail">{method.billing_details.name}</p>
          ) : null}
        </>
      ) : (
        <p className="billing-card__value">{PAYMENT_DETAILS_TEXT.none}</p>
      )}
      <div className="billing-card__actions">
        <button type="button" className="button button--secondary button--small" onClick={onEdit}>
          {card ? PAYMENT_DETAILS_TEXT.edit : PAYMENT_DETAILS_TEXT.enter}
        </button>
        {card && !subscribed ? (
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={destroy.isPending}
            onClick={() =>
              void confirmThenAttempt(
                {
                  title: PAYMENT_DETAILS_TEXT.removeTitle,
                  subtext: PAYMENT_DETAILS_TEXT.removeSubtext,
                  confirmLabel: PAYMENT_DETAILS_TEXT.remove,
                },
                () => destroy.mutateAsync(),
                PAYMENT_DETAILS_TEXT.removed,
              )
            }
          >
            {PAYMENT_DETAILS_TEXT.remove}
          </button>
        ) : null}
      </div>
      {subscribed ? (
        <button
          type="button"
          className="link-button billing-card__link"
          disabled={applyCoupon.isPending}
          onClick={() => void enterCoupon()}
        >
          {PAYMENT_DETAILS_TEXT.coupon}
        </button>
      ) : null}
    </section>
  );
}
