// The Stripe objects the stand-in keeps, in Stripe's own JSON shapes but only with the fields
// Coffer's Stripe provider reads (plus `id`, `object` and `created`, which every Stripe object has).

/** A Stripe list answer. */
export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface StandInCustomer {
  id: string;
  object: 'customer';
  created: number;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  deleted?: true;
}

export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  customer: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  billing_details: {
    name: string | null;
    email: string | null;
    phone: string | null;
    address: {
      line1: string | null;
      line2: string | null;
      city: string | null;
      state: string | null;
      country: string | null;
      postal_code: string | null;
    };
  };
}

export interface StandInPrice {
  id: string;
  object: 'price';
  created: number;
  active: boolean;
  currency: string;
  nickname: string | null;
  unit_amount: number;
  lookup_key: string | null;
  recurring: { interval: 'month'; interval_count: 1 };
  type: 'recurring';
}

export interface StandInCoupon {
  id: string;
  object: 'coupon';
  created: number;
  duration: 'forever';
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  valid: boolean;
}

export interface StandInPromotionCode {
  id: string;
  object: 'promotion_code';
  created: number;
  active: boolean;
  code: string;
  promotion: { type: 'coupon'; coupon: StandInCoupon };
}

export interface StandInSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  price: StandInPrice;
  quantity: number;
}

export type StandInSubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'
  | 'paused';

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  created: number;
  customer: string;
  status: StandInSubscriptionStatus;
  start_date: number;
  billing_cycle_anchor: number;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  default_payment_method: string | null;
  /** Discount ids, as Stripe answers them unless expanded. */
  discounts: string[];
  items: StripeList<StandInSubscriptionItem>;
  latest_invoice: string | null;
  metadata: Record<string, string>;
}

export interface StandInInvoice {
  id: string;
  object: 'invoice';
  created: number;
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  currency: string;
  subtotal: number;
  total: number;
  amount_paid: number;
  invoice_pdf: string;
  hosted_invoice_url: string;
  status_transitions: { finalized_at: number | null; paid_at: number | null };
}

export interface StandInDeleted {
  id: string;
  object: 'customer';
  deleted: true;
}

/** An event as Stripe sends it to a webhook endpoint (a snapshot of the object). */
export interface StandInEvent<T = unknown> {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: T };
}

/** Why a payment or setup failed, as Stripe reports it (`last_payment_error`, `last_setup_error`). */
export interface StandInLastError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  message: string;
}

/** A payment intent: here, always the payment of a subscription's invoice. */
export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  created: number;
  amount: number;
  currency: string;
  customer: string;
  payment_method: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  client_secret: string;
  next_action: { type: 'use_stripe_sdk' } | null;
  last_payment_error: StandInLastError | null;
}

/** A setup intent: a card saved for later payments, authenticated now if its issuer asks. */
export interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  created: number;
  customer: string;
  usage: string;
  payment_method: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  client_secret: string;
  next_action: { type: 'use_stripe_sdk' } | null;
  last_setup_error: StandInLastError | null;
}

/** The link between an invoice and the payment intent paying it (API 2025-03-31 and later). */
export interface StandInInvoicePayment {
  id: string;
  object: 'invoice_payment';
  created: number;
  invoice: string;
  is_default: boolean;
  status: 'open' | 'paid' | 'canceled';
  payment: { type: 'payment_intent'; payment_intent: string };
}
