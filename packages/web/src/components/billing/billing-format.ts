import type { Invoice, InvoiceRow, PaymentMethod, Subscription, SubscriptionResponse } from '@coffer/core';
import { formatCardExpiry, formatDateEnGb, formatPence, isOnTeamPlan, unixSecondsToIso } from '@coffer/core';

// Display rules of spec section 9: pounds from pence with 2 decimals, en-GB dates, expiry MM/YYYY.

/** The subscription when there is one; null for 'No Subscription' (either spelling) or nothing. */
export function subscriptionOf(answer: SubscriptionResponse | null | undefined): Subscription | null {
  return typeof answer === 'object' && answer !== null ? answer : null;
}

/** What an answer of `GET subscriptions` is: none, a subscription, or something unexpected. */
export type SubscriptionKind = 'none' | 'subscription' | 'unknown';

/** Reads an answer of `GET subscriptions` (spec section 3: an object, or 'No Subscription'/'No subscription'). */
export function subscriptionKind(answer: unknown): SubscriptionKind {
  if (answer === 'No Subscription' || answer === 'No subscription') return 'none';
  if (typeof answer !== 'object' || answer === null) return 'unknown';
  const { status, items } = answer as Partial<Subscription>;
  return typeof status === 'string' && Array.isArray(items?.data) ? 'subscription' : 'unknown';
}

/** The unit amount in pence of the subscription's first item (spec: items.data[0].price.unit_amount). */
export function unitAmountOf(subscription: Subscription | null): number | null {
  const amount = subscription?.items.data[0]?.price.unit_amount;
  return typeof amount === 'number' ? amount : null;
}

// A century of monthly renewals bounds the search below.
const MAX_RENEWALS = 1200;

/**
 * The date of the next payment: the trial's end while trialling, else the first monthly renewal of
 * the billing cycle anchor after `now`.
 */
export function nextPaymentDate(subscription: Subscription, now: Date = new Date()): Date | null {
  if (subscription.status === 'trialing' && subscription.trial_end)
    return new Date(subscription.trial_end * 1000);
  const anchorIso = unixSecondsToIso(subscription.billing_cycle_anchor);
  if (!anchorIso) return null;
  const anchor = new Date(anchorIso);
  for (let months = 0; months < MAX_RENEWALS; months += 1) {
    const candidate = addMonthsUtc(anchor, months);
    if (candidate.getTime() > now.getTime()) return candidate;
  }
  return null;
}

// Stripe's monthly cycle: the same day of the month, or the month's last day when it has fewer.
function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
}

/** The plan's name for the summary: the Team Plan while it runs (paid or trial), else Free. */
export function planNameOf(answer: SubscriptionResponse | null | undefined): string {
  return isOnTeamPlan(answer) ? 'Team Plan' : 'Free';
}

/** The plan's state for the summary card. */
export function planStatusOf(answer: SubscriptionResponse | null | undefined): string {
  const subscription = subscriptionOf(answer);
  if (!subscription || !isOnTeamPlan(subscription)) return 'No Subscription';
  if (subscription.status === 'trialing') {
    const end = subscription.trial_end ? formatDateEnGb(subscription.trial_end * 1000) : '';
    return end ? `Free trial until ${end}` : 'Free trial';
  }
  if (subscription.status === 'past_due') return 'Payment overdue';
  return 'Active';
}

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand as people write it ('visa' → 'Visa'). */
export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card');
}

/** The card line of the payment details: brand, last4 and expiry MM/YYYY. */
export function describeCard(method: PaymentMethod): { brand: string; last4: string; expiry: string } {
  return {
    brand: brandName(method.card.brand),
    last4: method.card.last4,
    expiry: formatCardExpiry(method.card.exp_month, method.card.exp_year),
  };
}

/** An invoice as a history row: Date (paid, en-GB), Amount (pounds), Status (as returned), Invoice. */
export function toInvoiceRow(invoice: Invoice): InvoiceRow {
  return {
    id: invoice.id,
    date: formatDateEnGb(unixSecondsToIso(invoice.status_transitions.paid_at)),
    amount: formatPence(invoice.total),
    status: invoice.status ?? '',
    invoicePdf: invoice.invoice_pdf,
  };
}
