import type { PaymentMethod, ProviderList, Subscription, SubscriptionResponse } from '@coffer/core';
import { TRIAL_DAYS } from '@coffer/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import {
  deleteCustomer,
  findProviderCustomerId,
  hasTakenTrial,
  markCustomerTrialled,
  recordSubscriptionPayment,
  saveProviderCustomerId,
} from '../../repositories/billing-customer-repository.js';
import { deleteSubscriptions } from '../../repositories/billing-subscription-repository.js';
import { type BillingAudit, type BillingProvider, billingRefusal } from '../billing-provider.js';
import { NO_SUBSCRIPTION } from '../plan-state.js';
import { createStripeClient } from './stripe-client.js';
import {
  fetchCurrentSubscription,
  isLiveSubscription,
  mirrorSubscription,
  refreshMirror,
} from './stripe-mirror.js';
import { isMissing, refusingUserErrors, STRIPE_MESSAGES, toRefusal } from './stripe-refusals.js';
import {
  isCard,
  mainItem,
  referenceId,
  toCustomer,
  toInvoice,
  toPaymentMethod,
  toSubscription,
} from './stripe-shapes.js';
import { createTeamPriceLookup } from './stripe-team-price.js';
import { detachUnpaidCard } from './stripe-unpaid-card.js';

/** What the Stripe provider is built from. */
export interface StripeProviderDeps {
  config: Config;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** The SDK client; made from the config (STRIPE_SECRET_KEY, STRIPE_API_BASE) when absent. */
  stripe?: Stripe;
}

// Stripe's object ids are letters, digits and underscores; anything else never reaches Stripe.
const STRIPE_ID = /^[A-Za-z0-9_]{3,255}$/;
// Statuses of a subscription already paid for: paying again changes it in place, with no charge now.
const PAID = new Set(['active', 'past_due']);
const LIST_LIMIT = 100;

type CardMethod = Stripe.PaymentMethod & { card: Stripe.PaymentMethod.Card };
interface AttachedCard {
  method: CardMethod;
  added: boolean;
}

/**
 * BILLING=stripe: the BillingProvider over the official Stripe SDK (docs/billing.md, "Stripe
 * provider"). The organisation is a Stripe customer (its id in billing_customers); the Team Plan
 * is a subscription to the price found by STRIPE_PRICE_LOOKUP_KEY, quantity = accounts. Every call
 * that changes the subscription mirrors it into billing_subscriptions (stripe-mirror.ts), and so
 * do verified webhooks (routes/billing/stripe-webhook-routes.ts).
 */
export function createStripeProvider(deps: StripeProviderDeps): BillingProvider {
  const { db } = deps;
  const stripe = deps.stripe ?? createStripeClient(deps.config);
  const teamPrice = createTeamPriceLookup(stripe, deps.config.stripePriceLookupKey);

  /** The organisation's live Stripe customer, made on first use (or again if Stripe lost it). */
  async function liveCustomer(organisationId: string): Promise<Stripe.Customer> {
    const stored = await findProviderCustomerId(db, organisationId);
    if (stored) {
      const customer = await retrieveCustomer(stored);
      if (customer) return customer;
    }
    // A fixed idempotency key: concurrent first calls make one customer, not two.
    const params = { metadata: { coffer_organisation_id: organisationId } };
    const created = stored
      ? await stripe.customers.create(params)
      : await stripe.customers.create(params, { idempotencyKey: `coffer-customer-${organisationId}` });
    const kept = await saveProviderCustomerId(db, organisationId, created.id, stored);
    return kept === created.id ? created : ((await retrieveCustomer(kept)) ?? created);
  }

  async function retrieveCustomer(customerId: string): Promise<Stripe.Customer | null> {
    try {
      const customer = await stripe.customers.retrieve(customerId);
      return customer.deleted ? null : customer;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function currentSubscription(organisationId: string) {
    const customerId = await findProviderCustomerId(db, organisationId);
    const subscription = customerId ? await fetchCurrentSubscription(stripe, customerId) : null;
    return { customerId, subscription };
  }

  async function promotionCodeId(code: string): Promise<string> {
    const trimmed = code.trim();
    if (trimmed === '' || trimmed.length > 200) throw billingRefusal(STRIPE_MESSAGES.couponUnknown);
    const page = await stripe.promotionCodes.list({ code: trimmed, active: true, limit: 1 });
    const promotion = page.data[0];
    if (!promotion) throw billingRefusal(STRIPE_MESSAGES.couponUnknown);
    if (promotion.expires_at !== null && promotion.expires_at * 1000 <= Date.now()) {
      throw billingRefusal(STRIPE_MESSAGES.couponExpired);
    }
    return promotion.id;
  }

  function requirePaymentMethodId(paymentMethodId: string): void {
    if (!STRIPE_ID.test(paymentMethodId)) throw billingRefusal(STRIPE_MESSAGES.paymentMethod);
  }

  /** A Stripe.js card attached to the customer; `added` when this call attached it. */
  async function attach(paymentMethodId: string, customerId: string): Promise<AttachedCard> {
    const found = await stripe.paymentMethods.retrieve(paymentMethodId).catch((error: unknown) => {
      throw isMissing(error) ? billingRefusal(STRIPE_MESSAGES.paymentMethod) : toRefusal(error);
    });
    const owner = referenceId(found.customer);
    if (!isCard(found) || (owner !== null && owner !== customerId)) {
      throw billingRefusal(STRIPE_MESSAGES.paymentMethod);
    }
    if (owner === customerId) return { method: found, added: false };
    const method = await refusingUserErrors(() =>
      stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }),
    );
    return { method: isCard(method) ? method : found, added: true };
  }

  // The new card becomes the customer's default and the only one kept (Coffer shows one card).
  async function makeOnlyCard(customerId: string, paymentMethodId: string): Promise<void> {
    await stripe.customers.update(customerId, {
      invoice_settings: { default_payment_method: paymentMethodId },
    });
    const cards = await stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: LIST_LIMIT });
    for (const card of cards.data) {
      if (card.id !== paymentMethodId) await stripe.paymentMethods.detach(card.id);
    }
  }

  // Stripe keeps a card that failed its first charge attached; a refused payment leaves the
  // customer's cards as they were (a card it already had stays).
  async function withCardRollback<T>(card: AttachedCard, charge: () => Promise<T>): Promise<T> {
    try {
      return await refusingUserErrors(charge);
    } catch (error) {
      if (card.added) {
        await stripe.paymentMethods.detach(card.method.id).catch((detachError: unknown) => {
          deps.log.warn(
            { err: detachError },
            'A refused card could not be detached from its Stripe customer',
          );
        });
      }
      throw error;
    }
  }

  async function retrieveSubscription(id: string): Promise<Stripe.Subscription | null> {
    try {
      return await stripe.subscriptions.retrieve(id);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The payment intent of a subscription's first invoice (API 2025-03-31 on: through invoice payments). */
  async function firstPayment(subscription: Stripe.Subscription): Promise<Stripe.PaymentIntent | null> {
    const invoice = referenceId(subscription.latest_invoice);
    if (!invoice) return null;
    const payments = await stripe.invoicePayments.list({ invoice, limit: 10 });
    const intent = payments.data.find((entry) => entry.payment.type === 'payment_intent')?.payment
      .payment_intent;
    const intentId = referenceId(intent);
    return intentId ? stripe.paymentIntents.retrieve(intentId) : null;
  }

  // Earlier attempts whose payment was never completed (a challenge closed with the tab, so nobody
  // confirmed it) make way for a new one, and take the card they attached with them unless the new
  // attempt pays with that same card.
  async function cancelUnpaid(customerId: string, nextCard: string): Promise<void> {
    const page = await stripe.subscriptions.list({ customer: customerId, status: 'incomplete', limit: 10 });
    for (const unpaid of page.data) await abandon(unpaid, nextCard);
  }

  // An attempt that was not paid: cancelled, and its card detached unless it is the card in use
  // (or `keep`, the card a new attempt is about to pay with).
  async function abandon(subscription: Stripe.Subscription, keep: string | null = null): Promise<void> {
    await stripe.subscriptions.cancel(subscription.id);
    await detachUnpaidCard(stripe, deps.log, subscription, keep);
  }

  // A paid subscription becomes the plan: any other (the trial it replaces) ends, its card is the
  // customer's only one, and the mirror and the audit entry are written together.
  async function finishPayment(
    organisationId: string,
    customerId: string,
    paid: Stripe.Subscription,
    audit: BillingAudit | undefined,
  ): Promise<Subscription> {
    const page = await stripe.subscriptions.list({ customer: customerId, limit: 10 });
    for (const other of page.data) {
      if (other.id !== paid.id && isLiveSubscription(other)) await stripe.subscriptions.cancel(other.id);
    }
    const card = referenceId(paid.default_payment_method);
    if (card) await makeOnlyCard(customerId, card);
    return mirrored(organisationId, paid, audit && auditPaymentOnce(organisationId, paid.id, audit));
  }

  // A subscription is paid for once, so it is audited once: confirming it again (a double click, a
  // retried request) answers the plan and writes nothing.
  function auditPaymentOnce(
    organisationId: string,
    subscriptionId: string,
    audit: BillingAudit,
  ): BillingAudit {
    return async (trx) => {
      if (await recordSubscriptionPayment(trx, organisationId, subscriptionId)) await audit(trx);
    };
  }

  async function mirrored(
    organisationId: string,
    subscription: Stripe.Subscription,
    audit: BillingAudit | undefined,
  ): Promise<Subscription> {
    await mirrorSubscription(db, organisationId, subscription, audit);
    return toSubscription(subscription);
  }

  return {
    mode: 'stripe',

    async getCustomer(organisationId) {
      return toCustomer(await liveCustomer(organisationId));
    },

    async getSubscription(organisationId): Promise<SubscriptionResponse> {
      const customerId = await findProviderCustomerId(db, organisationId);
      if (!customerId) return NO_SUBSCRIPTION;
      // Reading also heals the mirror, should a webhook have been missed.
      const current = await refreshMirror({ stripe, db }, organisationId, customerId);
      return current ? toSubscription(current) : NO_SUBSCRIPTION;
    },

    async startTrial(organisationId, quantity, audit) {
      const customer = await liveCustomer(organisationId);
      // Stripe's metadata, or Coffer's mirror of it (a customer remade after being deleted in Stripe).
      if (customer.metadata.trialled === 'true' || (await hasTakenTrial(db, organisationId))) {
        throw billingRefusal(STRIPE_MESSAGES.trialTaken);
      }
      if (await fetchCurrentSubscription(stripe, customer.id)) {
        throw billingRefusal(STRIPE_MESSAGES.alreadySubscribed);
      }
      const subscription = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price: await teamPrice(), quantity }],
          trial_period_days: TRIAL_DAYS,
          // A trial that ends without a card ends the subscription: back to the free plan.
          trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          metadata: { coffer_organisation_id: organisationId },
        },
        // One trial per organisation, even when two requests race past the check above.
        { idempotencyKey: `coffer-trial-${organisationId}` },
      );
      await stripe.customers.update(customer.id, { metadata: { trialled: 'true' } });
      await markCustomerTrialled(db, organisationId, new Date().toISOString());
      return mirrored(organisationId, subscription, audit);
    },

    async subscribe(organisationId, input, audit) {
      requirePaymentMethodId(input.paymentMethodId);
      const customer = await liveCustomer(organisationId);
      // Checked before anything changes, so an unknown code leaves the card and plan as they were.
      const promotionCode = input.coupon ? await promotionCodeId(input.coupon) : null;
      const discounts = promotionCode ? [{ promotion_code: promotionCode }] : undefined;
      const price = await teamPrice();
      const current = await fetchCurrentSubscription(stripe, customer.id);
      const card = await attach(input.paymentMethodId, customer.id);
      const item = current ? mainItem(current) : undefined;
      if (current && item && PAID.has(current.status)) {
        // Already paid for: the card, quantity and discount change in place, with no charge now.
        const updated = await withCardRollback(card, () =>
          stripe.subscriptions.update(current.id, {
            items: [{ id: item.id, price, quantity: input.quantity }],
            default_payment_method: input.paymentMethodId,
            ...(discounts ? { discounts } : {}),
            payment_behavior: 'error_if_incomplete',
          }),
        );
        await makeOnlyCard(customer.id, input.paymentMethodId);
        return mirrored(organisationId, updated, audit);
      }
      // Otherwise a new subscription, charged at once. A trial keeps running until it is paid
      // (finishPayment ends it), so a card that fails or is never authenticated costs nothing.
      await cancelUnpaid(customer.id, input.paymentMethodId);
      const created = await withCardRollback(card, () =>
        stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price, quantity: input.quantity }],
          default_payment_method: input.paymentMethodId,
          ...(discounts ? { discounts } : {}),
          // An unpaid first invoice leaves the subscription incomplete instead of failing: a card
          // that must authenticate (3-D Secure) is then paid in the browser with Stripe.js.
          payment_behavior: 'allow_incomplete',
          metadata: {
            coffer_organisation_id: organisationId,
            ...(input.coupon ? { coffer_coupon: input.coupon.trim() } : {}),
          },
        }),
      );
      if (created.status !== 'incomplete') return finishPayment(organisationId, customer.id, created, audit);
      const payment = await firstPayment(created);
      if (payment?.status === 'requires_action' && payment.client_secret) {
        // Not the Team Plan yet: the mirror keeps the trial, or says incomplete (the limits refuse).
        await refreshMirror({ stripe, db }, organisationId, customer.id);
        return {
          ...toSubscription(created),
          payment_intent: { status: 'requires_action', client_secret: payment.client_secret },
        };
      }
      await abandon(created);
      // The attempts cancelled above may have been the mirrored plan (incomplete): it says so no longer.
      await refreshMirror({ stripe, db }, organisationId, customer.id);
      throw billingRefusal(payment?.last_payment_error?.message ?? STRIPE_MESSAGES.declined);
    },

    async confirmPayment(organisationId, subscriptionId, audit) {
      const customerId = await findProviderCustomerId(db, organisationId);
      const subscription =
        customerId && STRIPE_ID.test(subscriptionId) ? await retrieveSubscription(subscriptionId) : null;
      if (!customerId || !subscription || referenceId(subscription.customer) !== customerId) {
        throw billingRefusal(STRIPE_MESSAGES.noPendingPayment);
      }
      if (PAID.has(subscription.status)) {
        return finishPayment(
          organisationId,
          customerId,
          subscription,
          audit(subscription.metadata.coffer_coupon ?? null),
        );
      }
      if (subscription.status !== 'incomplete') throw billingRefusal(STRIPE_MESSAGES.noPendingPayment);
      // Authentication failed or was abandoned: nothing of the attempt is kept.
      const payment = await firstPayment(subscription);
      await abandon(subscription);
      await refreshMirror({ stripe, db }, organisationId, customerId);
      throw billingRefusal(payment?.last_payment_error?.message ?? STRIPE_MESSAGES.authenticationFailed);
    },

    async createSetupIntent(organisationId) {
      const customer = await liveCustomer(organisationId);
      const intent = await stripe.setupIntents.create({
        customer: customer.id,
        // Saved for the subscription's later (off-session) payments; authenticated now if asked.
        usage: 'off_session',
      });
      if (!intent.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret');
      return { client_secret: intent.client_secret };
    },

    async updateQuantity(organisationId, quantity, audit) {
      const { subscription } = await currentSubscription(organisationId);
      const item = subscription ? mainItem(subscription) : undefined;
      if (!subscription || !item) return NO_SUBSCRIPTION;
      if (item.quantity === quantity) return mirrored(organisationId, subscription, audit);
      const updated = await stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, quantity }],
        proration_behavior: 'create_prorations',
      });
      return mirrored(organisationId, updated, audit);
    },

    async cancelSubscription(organisationId, audit) {
      const customerId = await findProviderCustomerId(db, organisationId);
      if (!customerId) return NO_SUBSCRIPTION;
      // Every live one, so nothing keeps charging; then the mirror says: free plan.
      let current = await fetchCurrentSubscription(stripe, customerId);
      while (current) {
        await stripe.subscriptions.cancel(current.id);
        current = await fetchCurrentSubscription(stripe, customerId);
      }
      await mirrorSubscription(db, organisationId, null, audit);
      return NO_SUBSCRIPTION;
    },

    async applyPromotionCode(organisationId, code, audit) {
      const { subscription } = await currentSubscription(organisationId);
      if (!subscription) throw billingRefusal(STRIPE_MESSAGES.noSubscription);
      const promotionCode = await promotionCodeId(code);
      const updated = await refusingUserErrors(() =>
        stripe.subscriptions.update(subscription.id, { discounts: [{ promotion_code: promotionCode }] }),
      );
      return mirrored(organisationId, updated, audit);
    },

    async listPaymentMethods(organisationId): Promise<ProviderList<PaymentMethod>> {
      const customerId = await findProviderCustomerId(db, organisationId);
      const customer = customerId ? await retrieveCustomer(customerId) : null;
      if (!customer) return { data: [] };
      const page = await stripe.customers.listPaymentMethods(customer.id, {
        type: 'card',
        limit: LIST_LIMIT,
      });
      const preferred = referenceId(customer.invoice_settings.default_payment_method);
      // data[0] is the card in use: the customer's default first.
      const cards = page.data
        .filter(isCard)
        .sort((a, b) => Number(b.id === preferred) - Number(a.id === preferred));
      return { data: cards.map(toPaymentMethod), has_more: page.has_more };
    },

    async attachPaymentMethod(organisationId, paymentMethodId) {
      requirePaymentMethodId(paymentMethodId);
      const customer = await liveCustomer(organisationId);
      const card = await attach(paymentMethodId, customer.id);
      const current = await fetchCurrentSubscription(stripe, customer.id);
      if (current) {
        // The subscription charges its own default card: it moves to the new one too.
        await withCardRollback(card, () =>
          stripe.subscriptions.update(current.id, { default_payment_method: paymentMethodId }),
        );
      }
      await makeOnlyCard(customer.id, paymentMethodId);
      return toPaymentMethod(card.method);
    },

    async detachPaymentMethods(organisationId) {
      const { customerId, subscription } = await currentSubscription(organisationId);
      if (!customerId) return;
      if (subscription) throw billingRefusal(STRIPE_MESSAGES.detachWhileSubscribed);
      const cards = await stripe.customers.listPaymentMethods(customerId, {
        type: 'card',
        limit: LIST_LIMIT,
      });
      for (const card of cards.data) await stripe.paymentMethods.detach(card.id);
    },

    async listInvoices(organisationId) {
      const customerId = await findProviderCustomerId(db, organisationId);
      if (!customerId) return { data: [] };
      // Newest first, as Stripe lists them.
      const page = await stripe.invoices.list({ customer: customerId, limit: LIST_LIMIT });
      return { data: page.data.map(toInvoice), has_more: page.has_more };
    },

    async invoicePdf(organisationId, invoiceId) {
      const customerId = await findProviderCustomerId(db, organisationId);
      if (!customerId || !STRIPE_ID.test(invoiceId)) return null;
      let invoice: Stripe.Invoice;
      try {
        invoice = await stripe.invoices.retrieve(invoiceId);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // Another customer's invoice is simply not found (the route answers 404).
      if (referenceId(invoice.customer) !== customerId || !invoice.invoice_pdf) return null;
      return { url: invoice.invoice_pdf };
    },

    async forgetOrganisation(organisationId) {
      const customerId = await findProviderCustomerId(db, organisationId);
      if (customerId) {
        // Deleting the customer cancels its subscriptions at once and removes its cards.
        await stripe.customers.del(customerId).catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
      }
      // The customer and its mirrored plan go together, once Stripe has deleted the customer.
      await db.transaction().execute(async (trx) => {
        await deleteSubscriptions(trx, organisationId);
        await deleteCustomer(trx, organisationId);
      });
    },
  };
}
