// Billing shapes, answered in the payment provider's (Stripe's) own format (architecture.md).
import type { Id } from './common-model.js';

/** Stripe subscription statuses. */
export type SubscriptionStatus =
  | 'active'
  | 'trialing'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'
  | 'paused';

/** A subscription; only the fields the product reads are typed. */
export interface Subscription {
  id?: Id;
  status: SubscriptionStatus;
  /** Unix seconds. */
  billing_cycle_anchor: number;
  /** Unix seconds, when trialling. */
  trial_end?: number | null;
  plan: { nickname: string | null };
  items: { data: { price: { unit_amount: number }; quantity?: number }[] };
  /**
   * Under BILLING=stripe, when the first payment needs the cardholder to authenticate (3-D Secure):
   * the payment's client secret for Stripe.js's confirmCardPayment. The subscription stays
   * `incomplete` (not the Team Plan) until `POST subscriptions/confirm` finds the payment made.
   */
  payment_intent?: { status: 'requires_action'; client_secret: string };
}

/** The text the API answers when there is no subscription (both spellings occur). */
export type NoSubscription = 'No Subscription' | 'No subscription';

/** What `GET api/v1/billing_api/subscriptions` answers. */
export type SubscriptionResponse = Subscription | NoSubscription;

/** The billing customer; `metadata.trialled` is the string 'true' once a trial was taken. */
export interface Customer {
  id?: Id;
  metadata: { trialled?: string };
  error?: string;
}

/** A card payment method. */
export interface PaymentMethod {
  id: Id;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  billing_details: {
    name: string | null;
    address: {
      line1: string | null;
      line2: string | null;
      city: string | null;
      country: string | null;
      postal_code: string | null;
    };
  };
}

/** A provider list (`data[0]` is the one used). */
export interface ProviderList<T> {
  data: T[];
  has_more?: boolean;
}

/** An invoice; `total` is in pence, `paid_at` in Unix seconds. Status is shown as returned. */
export interface Invoice {
  id: Id;
  status: string | null;
  total: number;
  invoice_pdf: string | null;
  status_transitions: { paid_at: number | null };
}

/** An invoice as a billing history row (Date, Amount, Status, Invoice). */
export interface InvoiceRow {
  id: Id;
  date: string;
  amount: string;
  status: string;
  invoicePdf: string | null;
}

/** A plan card on /plans; `nickname` 'CofferPaid' is the Team Plan. */
export interface Plan {
  nickname: string;
  icon: string;
  name: string;
  price: string;
  priceNum: number;
  billingDetails: string;
  unit: string;
  features: string[];
}

/** Answer of `GET api/v1/billing_api/prices`. */
export interface PlansResponse {
  items: Plan[];
}

/** Body of `POST api/v1/billing_api/subscriptions` when paying (none for a trial). */
export interface SubscriptionCreateRequest {
  stripeId?: string;
  coupon?: string;
}

/** Body of `POST api/v1/billing_api/subscriptions/confirm`: the subscription whose payment was authenticated. */
export interface SubscriptionConfirmRequest {
  subscriptionId: string;
}

/** Answer of `POST api/v1/billing_api/customers/setup_intent`: for Stripe.js's confirmCardSetup. */
export interface SetupIntentResponse {
  client_secret: string;
}

/** Body of `POST .../customers/payment_method` and `update_payment_method`. */
export interface PaymentMethodRequest {
  stripeId: string;
}

/** Values of the payment form on /plans and billing (line1 on pay, addressOne in the shared form). */
export interface PaymentFormValues {
  fullName?: string;
  line1?: string;
  addressOne?: string;
  line2?: string;
  city?: string;
  postalCode?: string;
  country?: string;
  quantity?: string | number;
  coupon?: string;
}

/**
 * Answer of `GET api/v1/billing_api/config` (any signed-in user): how billing runs, so the web app
 * hides every billing screen and limit under 'off' and loads Stripe.js only under 'stripe'.
 */
export interface BillingConfigResponse {
  mode: 'local' | 'stripe' | 'off';
  /** Stripe's publishable key under 'stripe', else null. */
  publishable_key: string | null;
}

/**
 * Body of `POST api/v1/billing_api/test_payment_methods` (BILLING=local only): a test card turned
 * into a payment-method id, as Stripe.js does under 'stripe'. Only brand, last4 and expiry are kept.
 */
export interface TestPaymentMethodRequest {
  card: { number: string; exp_month: number; exp_year: number; cvc: string };
  billing_details: PaymentMethod['billing_details'];
}
