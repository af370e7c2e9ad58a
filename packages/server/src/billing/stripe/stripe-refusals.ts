import Stripe from 'stripe';
import { billingRefusal } from '../billing-provider.js';

/** Refusals of the Stripe provider (400 `{ errors: [message] }`); none repeats what was typed. */
export const STRIPE_MESSAGES = {
  trialTaken: 'Your organisation has already had its free trial.',
  alreadySubscribed: 'Your organisation already has a subscription.',
  noSubscription: 'Your organisation has no subscription.',
  couponUnknown: 'This coupon code is not valid.',
  couponExpired: 'This coupon code has expired.',
  paymentMethod: 'Your card could not be used. Please enter your card details again.',
  declined: 'Your card was declined.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  noPendingPayment: 'There is no payment waiting to be completed. Please subscribe again.',
  detachWhileSubscribed: 'Payment details cannot be removed while your organisation has a subscription.',
} as const;

/**
 * Turns Stripe's answers that are the user's to fix into refusals: a card error in Stripe's own
 * words (declined, expired, incorrect CVC; spec section 8 shows the card provider's message), a
 * payment method Stripe does not know or will not attach, a promotion code it will not redeem.
 * Anything else is Coffer's or Stripe's fault and stays an error (500, logged).
 */
export function toRefusal(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError) return billingRefusal(error.message);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const param = error.param ?? '';
    if (param.startsWith('discounts')) return billingRefusal(STRIPE_MESSAGES.couponUnknown);
    if (param === 'payment_method' || param.endsWith('default_payment_method')) {
      return billingRefusal(STRIPE_MESSAGES.paymentMethod);
    }
  }
  return error;
}

/** Runs a Stripe call whose failure the user can fix, turning such failures into refusals. */
export async function refusingUserErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toRefusal(error);
  }
}

/** Whether Stripe answered that the object does not exist (or no longer does). */
export function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}
