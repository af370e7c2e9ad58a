import type {
  Customer,
  Invoice,
  PaymentMethod,
  ProviderList,
  Subscription,
  SubscriptionResponse,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

/**
 * Writes the audit entry of a billing change. A provider that records the change in Coffer's
 * database calls it inside that transaction, so both commit or neither does; when a provider does
 * not call it (nothing local to write), the service writes the entry after the provider answers.
 */
export type BillingAudit = (trx: Kysely<Database>) => Promise<void>;

/**
 * One interface for every payment provider (architecture.md), chosen by `BILLING`: `local` (a
 * ledger in Coffer's own database) or `stripe` (the official SDK). `off` has no provider at all:
 * routes answer 404 and every organisation has the Team Plan's features.
 *
 * Every method is scoped to one organisation and answers in the provider's (Stripe's) shapes, which
 * the routes pass through unchanged (spec sections 3 and 7).
 *
 * Whatever the provider, the organisation's current plan is mirrored in `billing_subscriptions`
 * (status, plan_nickname, unit_amount, quantity, anchor, trial_end): the local provider keeps it
 * there, and the Stripe provider writes it from its API answers and from verified webhooks. The
 * plan limits read only that table, inside the transaction of the change they guard, so no limit
 * check ever waits on the network.
 */
export interface BillingProvider {
  readonly mode: 'local' | 'stripe';

  /** The customer (made on first use); `metadata.trialled` is 'true' once a trial was taken. */
  getCustomer(organisationId: string): Promise<Customer>;

  /** The current subscription, or 'No Subscription'. */
  getSubscription(organisationId: string): Promise<SubscriptionResponse>;

  /**
   * The one-time 30-day trial of the Team Plan for `quantity` accounts. Refused (billingRefusal) when
   * the customer has trialled or a subscription is live.
   */
  startTrial(organisationId: string, quantity: number, audit?: BillingAudit): Promise<Subscription>;

  /**
   * Pays for the Team Plan with a payment method the provider made (`stripeId`), optionally with a
   * coupon or promotion code. Ends a running trial. The card becomes the customer's default.
   */
  subscribe(
    organisationId: string,
    input: { paymentMethodId: string; coupon?: string; quantity: number },
    audit?: BillingAudit,
  ): Promise<Subscription>;

  /**
   * Under Stripe: after the browser authenticated the first payment of a subscription that `subscribe`
   * answered with `payment_intent.status: 'requires_action'` (3-D Secure), finds from the provider
   * whether it was paid. Paid: the plan is the paid subscription and `audit(coupon)` is written.
   * Not paid: the attempt is cancelled (nothing kept) and refused with the provider's reason.
   */
  confirmPayment?(
    organisationId: string,
    subscriptionId: string,
    audit: (coupon: string | null) => BillingAudit,
  ): Promise<Subscription>;

  /** Under Stripe: a SetupIntent's client secret, so Stripe.js saves (and authenticates) a new card. */
  createSetupIntent?(organisationId: string): Promise<{ client_secret: string }>;

  /** Changes the number of paid accounts (users added or removed). No-op without a subscription. */
  updateQuantity(
    organisationId: string,
    quantity: number,
    audit?: BillingAudit,
  ): Promise<SubscriptionResponse>;

  /** Cancels at once; the answer is 'No Subscription'. */
  cancelSubscription(organisationId: string, audit?: BillingAudit): Promise<SubscriptionResponse>;

  /** Applies a promotion code to the live subscription. */
  applyPromotionCode(organisationId: string, code: string, audit?: BillingAudit): Promise<Subscription>;

  /** The customer's card payment methods (`data[0]` is the one in use). */
  listPaymentMethods(organisationId: string): Promise<ProviderList<PaymentMethod>>;

  /** Attaches a provider-made payment method and makes it the default. */
  attachPaymentMethod(
    organisationId: string,
    paymentMethodId: string,
    audit?: BillingAudit,
  ): Promise<PaymentMethod>;

  /** Detaches every payment method; refused (billingRefusal) while a subscription is live. */
  detachPaymentMethods(organisationId: string, audit?: BillingAudit): Promise<void>;

  /** Invoices, newest first. */
  listInvoices(organisationId: string): Promise<ProviderList<Invoice>>;

  /**
   * An invoice's PDF: the bytes (local renders them) or the provider's URL to send the browser to.
   * null when the invoice is not this organisation's.
   */
  invoicePdf(
    organisationId: string,
    invoiceId: string,
  ): Promise<{ pdf: Uint8Array } | { url: string } | null>;

  /** Removes every record the provider keeps for the organisation (organisation deletion). */
  forgetOrganisation(organisationId: string): Promise<void>;
}

/** A refusal the user can act on (bad card, coupon, trial taken): 400 with `{ errors: [message] }`. */
export function billingRefusal(message: string): AppError {
  return AppError.validation(message);
}
