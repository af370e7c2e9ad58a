import { describe, expect, it } from 'vitest';
import {
  brandName,
  describeCard,
  nextPaymentDate,
  planNameOf,
  planStatusOf,
  subscriptionKind,
  toInvoiceRow,
  unitAmountOf,
} from './billing-format.js';
import { ANCHOR, buildInvoice, buildPaymentMethod, buildSubscription } from './testing/billing-fixtures.js';

describe('subscriptionKind', () => {
  it("reads both spellings of 'No Subscription' as none and a subscription object as one", () => {
    expect(subscriptionKind('No Subscription')).toBe('none');
    expect(subscriptionKind('No subscription')).toBe('none');
    expect(subscriptionKind(buildSubscription())).toBe('subscription');
  });

  it('calls anything else unknown', () => {
    expect(subscriptionKind('Something else')).toBe('unknown');
    expect(subscriptionKind({ status: 'active' })).toBe('unknown');
    expect(subscriptionKind(1)).toBe('unknown');
  });
});

describe('nextPaymentDate', () => {
  it('is the first monthly renewal of the anchor after now', () => {
    const now = new Date(Date.UTC(2024, 6, 15));
    expect(nextPaymentDate(buildSubscription(), now)?.toISOString()).toBe('2024-08-01T10:00:00.000Z');
  });

  it("keeps to a short month's last day, as the provider's monthly cycle does", () => {
    const subscription = buildSubscription({ billing_cycle_anchor: Date.UTC(2024, 0, 31) / 1000 });
    expect(nextPaymentDate(subscription, new Date(Date.UTC(2024, 1, 2)))?.toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
  });

  it("is the trial's end while trialling", () => {
    const trialEnd = Date.UTC(2024, 4, 31) / 1000;
    const subscription = buildSubscription({ status: 'trialing', trial_end: trialEnd });
    expect(nextPaymentDate(subscription, new Date(Date.UTC(2024, 4, 2)))?.getTime()).toBe(trialEnd * 1000);
  });
});

describe('the summary texts', () => {
  it('names the plan and its state', () => {
    expect(planNameOf('No Subscription')).toBe('Free');
    expect(planStatusOf('No Subscription')).toBe('No Subscription');
    expect(planNameOf(buildSubscription())).toBe('Team Plan');
    expect(planStatusOf(buildSubscription())).toBe('Active');
    expect(planStatusOf(buildSubscription({ status: 'trialing', trial_end: ANCHOR }))).toBe(
      'Free trial until 01/05/2024',
    );
    // A cancelled Team Plan is the free plan again.
    expect(planNameOf(buildSubscription({ status: 'canceled' }))).toBe('Free');
  });

  it('reads the unit amount in pence', () => {
    expect(unitAmountOf(buildSubscription())).toBe(300);
    expect(unitAmountOf(null)).toBeNull();
  });

  it('shows the card as brand, last4 and expiry MM/YYYY', () => {
    expect(describeCard(buildPaymentMethod())).toEqual({ brand: 'Visa', last4: '4242', expiry: '04/2030' });
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('newbrand')).toBe('Newbrand');
  });

  it('makes a history row: en-GB date, pounds from pence, the status as returned', () => {
    expect(toInvoiceRow(buildInvoice({ total: 1234, status: 'open' }))).toEqual({
      id: 'in_1',
      date: '01/05/2024',
      amount: '£12.34',
      status: 'open',
      invoicePdf: '/api/v1/billing_api/invoices/in_1/pdf',
    });
    expect(toInvoiceRow(buildInvoice({ status_transitions: { paid_at: null } })).date).toBe('');
  });
});
