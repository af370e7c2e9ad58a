import type { Subscription, SubscriptionCreateRequest } from '@coffer/core';
import { confirmSubscription, subscribe } from './billing-api.js';

/** Lets the cardholder authenticate a payment (Stripe.js's confirmCardPayment); throws when they do not. */
export type AuthenticatePayment = (clientSecret: string) => Promise<void>;

/**
 * Pays for the Team Plan. When the card must authenticate (3-D Secure, BILLING=stripe), the server
 * answers the payment's client secret instead of a plan: the cardholder authenticates in the
 * browser, and then, whatever the browser saw, the server asks Stripe whether the payment was made
 * (the plan) or not (a refusal with Stripe's reason, nothing kept). So a plan is never shown as
 * paid on the browser's word alone.
 */
export async function payForPlan(
  request: SubscriptionCreateRequest,
  authenticate: AuthenticatePayment,
): Promise<Subscription> {
  const subscription = await subscribe(request);
  const pending = subscription.payment_intent;
  if (!pending || !subscription.id) return subscription;
  try {
    await authenticate(pending.client_secret);
  } catch {
    // The server tells why (Stripe's own message) when it finds the payment not made.
  }
  return confirmSubscription(subscription.id);
}
