import type { Customer, Invoice, PaymentMethod, Subscription, SubscriptionStatus } from '@coffer/core';
import type Stripe from 'stripe';

// Stripe's objects as the billing API answers them (spec section 3): only the fields the product
// reads, so nothing else of the Stripe account (other metadata, ids of other objects) leaves Coffer.

const STATUSES = new Set<SubscriptionStatus>([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
]);

/** A Stripe status Coffer knows; a status Stripe might add later counts as not paid for. */
export function subscriptionStatus(status: string): SubscriptionStatus {
  return STATUSES.has(status as SubscriptionStatus) ? (status as SubscriptionStatus) : 'incomplete';
}

/** The subscription's one item (Coffer subscribes to a single price). */
export function mainItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  return subscription.items.data[0];
}

/** spec section 3: status, items.data[0].price.unit_amount, billing_cycle_anchor, plan.nickname. */
export function toSubscription(subscription: Stripe.Subscription): Subscription {
  return {
    id: subscription.id,
    status: subscriptionStatus(subscription.status),
    billing_cycle_anchor: subscription.billing_cycle_anchor,
    trial_end: subscription.trial_end,
    plan: { nickname: mainItem(subscription)?.price.nickname ?? null },
    items: {
      data: subscription.items.data.map((item) => ({
        price: { unit_amount: item.price.unit_amount ?? 0 },
        quantity: item.quantity ?? 1,
      })),
    },
  };
}

/** The customer with only `metadata.trialled`. */
export function toCustomer(customer: Stripe.Customer): Customer {
  const trialled = customer.metadata.trialled;
  return { id: customer.id, metadata: trialled === undefined ? {} : { trialled } };
}

/** A card payment method: brand, last4, expiry and billing details (never more of the card). */
export function toPaymentMethod(
  method: Stripe.PaymentMethod & { card: Stripe.PaymentMethod.Card },
): PaymentMethod {
  const address = method.billing_details.address;
  return {
    id: method.id,
    card: {
      brand: method.card.brand,
      last4: method.card.last4,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
    },
    billing_details: {
      name: method.billing_details.name,
      address: {
        line1: address?.line1 ?? null,
        line2: address?.line2 ?? null,
        city: address?.city ?? null,
        country: address?.country ?? null,
        postal_code: address?.postal_code ?? null,
      },
    },
  };
}

/** Whether a payment method is a card (the only kind Coffer takes). */
export function isCard(
  method: Stripe.PaymentMethod,
): method is Stripe.PaymentMethod & { card: Stripe.PaymentMethod.Card } {
  return method.type === 'card' && method.card !== undefined;
}

/** An invoice; `invoice_pdf` is Stripe's own URL of its PDF. */
export function toInvoice(invoice: Stripe.Invoice): Invoice {
  return {
    id: invoice.id,
    status: invoice.status,
    total: invoice.total,
    invoice_pdf: invoice.invoice_pdf ?? null,
    status_transitions: { paid_at: invoice.status_transitions.paid_at ?? null },
  };
}

/** The id of an expandable Stripe reference (`customer: 'cus_…'` or the expanded object). */
export function referenceId(reference: string | { id: string } | null | undefined): string | null {
  if (reference === null || reference === undefined) return null;
  return typeof reference === 'string' ? reference : reference.id;
}
