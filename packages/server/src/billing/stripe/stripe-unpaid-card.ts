import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { isMissing } from './stripe-refusals.js';
import { referenceId } from './stripe-shapes.js';

/**
 * Detaches the card an unpaid attempt (a declined or never-authenticated first payment) attached,
 * unless it is the customer's card in use or `keep` (the card a new attempt is about to pay with:
 * Stripe never reuses a detached card). Coffer keeps one card per customer, the one that pays.
 * A failure is logged, not thrown: the attempt is over either way.
 */
export async function detachUnpaidCard(
  stripe: Stripe,
  log: FastifyBaseLogger,
  subscription: Stripe.Subscription,
  keep: string | null = null,
): Promise<void> {
  const card = referenceId(subscription.default_payment_method);
  const customerId = referenceId(subscription.customer);
  if (!card || !customerId || card === keep) return;
  try {
    const customer = await stripe.customers.retrieve(customerId);
    if (customer.deleted || referenceId(customer.invoice_settings.default_payment_method) === card) return;
    await stripe.paymentMethods.detach(card);
  } catch (error) {
    // Already detached (or the customer gone): nothing is left to remove.
    if (!isMissing(error))
      log.warn({ err: error }, 'An unpaid card could not be detached from its Stripe customer');
  }
}
