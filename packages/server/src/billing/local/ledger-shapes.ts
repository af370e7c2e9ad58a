import { formatDateEnGb, type Invoice, type PaymentMethod, type Subscription } from '@coffer/core';
import type { CouponRow } from '../../repositories/billing-coupon-repository.js';
import type { InvoiceRow } from '../../repositories/billing-invoice-repository.js';
import type { PaymentMethodRow } from '../../repositories/billing-payment-method-repository.js';
import { presentMirroredSubscription, type SubscriptionRow, toUnixSeconds } from '../plan-state.js';
import { billingPeriod, currentPeriodIndex } from './billing-periods.js';

// The ledger's rows in the payment provider's (Stripe's) shapes, which the routes pass through.

/** A coupon as a subscription's discount carries it. */
interface PresentedCoupon {
  id: string;
  name: string;
  percent_off: number | null;
  amount_off: number | null;
}

/** A subscription with the fields the ledger knows beyond spec section 3's. */
export interface LedgerSubscription extends Subscription {
  object: 'subscription';
  customer: string;
  current_period_start: number;
  current_period_end: number;
  default_payment_method: string | null;
  discount: { coupon: PresentedCoupon } | null;
  cancel_at: number | null;
  ended_at: number | null;
}

/** An invoice with its period, line and discount. */
export interface LedgerInvoice extends Invoice {
  object: 'invoice';
  created: number;
  currency: string;
  period_start: number | null;
  period_end: number | null;
  subtotal: number;
  total_discount_amounts: { amount: number }[];
  discount: { coupon: { id: string } } | null;
  lines: {
    data: { description: string; quantity: number; amount: number; price: { unit_amount: number } }[];
  };
}

/** The running period of a subscription: the trial while it trials. */
function runningPeriod(row: SubscriptionRow, now: Date): { start: Date; end: Date } {
  const anchor = new Date(row.billing_cycle_anchor);
  if (row.status === 'trialing' && row.trial_end) return { start: anchor, end: new Date(row.trial_end) };
  return billingPeriod(anchor, Math.max(0, currentPeriodIndex(anchor, now)));
}

export function presentLedgerSubscription(
  row: SubscriptionRow,
  context: { customerId: string; paymentMethodId: string | null; coupon: CouponRow | null; now: Date },
): LedgerSubscription {
  const period = runningPeriod(row, context.now);
  const { coupon } = context;
  return {
    ...presentMirroredSubscription(row),
    id: row.id,
    object: 'subscription',
    customer: context.customerId,
    current_period_start: toUnixSeconds(period.start.toISOString()),
    current_period_end: toUnixSeconds(period.end.toISOString()),
    default_payment_method: context.paymentMethodId,
    discount: coupon
      ? {
          coupon: {
            id: coupon.code,
            name: coupon.name,
            percent_off: coupon.percent_off,
            amount_off: coupon.amount_off,
          },
        }
      : null,
    cancel_at: row.cancel_at ? toUnixSeconds(row.cancel_at) : null,
    ended_at: row.ended_at ? toUnixSeconds(row.ended_at) : null,
  };
}

export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.provider_payment_method_id ?? row.id,
    card: { brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year },
    billing_details: {
      name: row.billing_name,
      address: {
        line1: row.line1,
        line2: row.line2,
        city: row.city,
        country: row.country,
        postal_code: row.postal_code,
      },
    },
  };
}

/** Where an invoice's PDF is served (administrators of its organisation only). */
export function invoicePdfPath(id: string): string {
  return `/api/v1/billing_api/invoices/${id}/pdf`;
}

/** What an invoice line says: the plan and its period in en-GB dates. */
export function describeInvoiceLine(row: Pick<InvoiceRow, 'period_start' | 'period_end'>): string {
  return `Team Plan, ${formatDateEnGb(row.period_start)} to ${formatDateEnGb(row.period_end)}`;
}

export function presentInvoice(row: InvoiceRow): LedgerInvoice {
  return {
    id: row.id,
    object: 'invoice',
    status: row.status,
    total: row.total,
    subtotal: row.subtotal,
    currency: row.currency,
    created: toUnixSeconds(row.created_at),
    period_start: row.period_start ? toUnixSeconds(row.period_start) : null,
    period_end: row.period_end ? toUnixSeconds(row.period_end) : null,
    invoice_pdf: row.invoice_pdf,
    status_transitions: { paid_at: row.paid_at ? toUnixSeconds(row.paid_at) : null },
    total_discount_amounts: row.discount > 0 ? [{ amount: row.discount }] : [],
    discount: row.coupon_code ? { coupon: { id: row.coupon_code } } : null,
    lines: {
      data: [
        {
          description: describeInvoiceLine(row),
          quantity: row.quantity,
          amount: row.subtotal,
          price: { unit_amount: row.unit_amount },
        },
      ],
    },
  };
}
