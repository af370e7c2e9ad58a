import {
  type BillingConfigResponse,
  type Customer,
  FIELD_LABELS,
  FREE_PLAN_CARD,
  type PaymentMethod,
  type PlansResponse,
  type ProviderList,
  requiredMessage,
  type SetupIntentResponse,
  type Subscription,
  type SubscriptionResponse,
  TEAM_PLAN_CARD,
  type TestPaymentMethodRequest,
} from '@coffer/core';
import { type BillingAudit, type BillingProvider, billingRefusal } from '../../billing/billing-provider.js';
import { normaliseCouponCode } from '../../billing/local/coupons.js';
import { isLocalProvider } from '../../billing/local/local-provider.js';
import { countAccounts } from '../../billing/plan-limits.js';
import { notFound } from '../../errors/policy-errors.js';
import { forgetListTotals } from '../../lists/list-total-cache.js';
import { type CallerAccess, requireAdministrator } from '../../policy/index.js';
import { auditOrganisationChange } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';

/** A coupon sent without a card: only paying takes one (a trial is taken with no body). */
export const PAYMENT_METHOD_REQUIRED = 'A payment method is required to subscribe.';

/** Body of POST subscriptions: none for the trial, or the card (and a coupon) for paying. */
export interface SubscriptionBody {
  stripeId?: string;
  coupon?: string;
}

/**
 * Body of PATCH subscriptions. `stripeId` replaces the card the subscription is charged to;
 * whatever else is sent, the quantity is brought in step with the organisation's accounts (the
 * Team Plan charges per account, so a quantity cannot be chosen apart from them).
 */
export interface SubscriptionChangeBody {
  stripeDetails?: { stripeId?: string; quantity?: number | string };
}

// Under BILLING=off every billing call but the configuration is not found; then administrators only.
function requireBilling(ctx: ServiceContext, caller: CallerAccess): BillingProvider {
  if (!ctx.billing) throw notFound();
  requireAdministrator(caller);
  return ctx.billing;
}

/**
 * Runs a billing change with its audit entry. The provider writes the entry inside the
 * transaction that records the change when it keeps one (the local ledger); otherwise (Stripe,
 * whose change happened over the network) it is written once the provider has answered. Either way the
 * organisation's cached list totals are dropped after the commit, as for every change.
 */
async function audited<T>(
  ctx: ServiceContext,
  caller: CallerAccess,
  provider: BillingProvider,
  action: string,
  change: (audit: BillingAudit) => Promise<T>,
): Promise<T> {
  let written = false;
  const audit: BillingAudit = async (trx) => {
    await auditOrganisationChange(trx, caller, action);
    written = true;
  };
  const result = await change(audit);
  // A payment waiting for the cardholder's authentication has changed nothing yet: its entry is
  // written when it is confirmed (confirmPayment).
  if (awaitsAuthentication(result)) return result;
  // The local ledger committed the entry in its own transaction: its totals are dropped here, as
  // runChange drops them for every other change.
  if (written) forgetListTotals(caller.organisation.id);
  else if (provider.mode !== 'local') await runChange(ctx.db, caller.organisation.id, audit);
  return result;
}

function awaitsAuthentication(result: unknown): boolean {
  return typeof result === 'object' && result !== null && 'payment_intent' in result;
}

function subscribedAction(coupon: string | null): string {
  return `Subscribed to the Team Plan${coupon ? ` with coupon ${normaliseCouponCode(coupon)}` : ''}`;
}

/** GET billing_api/config (any signed-in user): how billing runs, so the web app hides or shows it. */
export function showBillingConfig(ctx: ServiceContext): BillingConfigResponse {
  const { billing, stripePublishableKey } = ctx.config;
  return { mode: billing, publishable_key: billing === 'stripe' ? stripePublishableKey : null };
}

/** GET billing_api/prices: the Free and Team Plan cards (api.md); the client marks the current one. */
export function listPlans(ctx: ServiceContext, caller: CallerAccess): PlansResponse {
  requireBilling(ctx, caller);
  return { items: [FREE_PLAN_CARD, TEAM_PLAN_CARD] };
}

/** GET billing_api/subscriptions. */
export function showSubscription(ctx: ServiceContext, caller: CallerAccess): Promise<SubscriptionResponse> {
  return requireBilling(ctx, caller).getSubscription(caller.organisation.id);
}

/**
 * POST billing_api/subscriptions: no body (or neither field) starts the one-time 30-day trial;
 * `stripeId` pays for the Team Plan with that card, with `coupon` if given.
 */
export async function createSubscription(
  ctx: ServiceContext,
  caller: CallerAccess,
  body: SubscriptionBody | undefined,
): Promise<Subscription> {
  const provider = requireBilling(ctx, caller);
  const organisationId = caller.organisation.id;
  const stripeId = body?.stripeId?.trim() ?? '';
  const coupon = body?.coupon?.trim() ?? '';
  const quantity = await countAccounts(ctx.db, organisationId);
  if (stripeId === '') {
    if (coupon !== '') throw billingRefusal(PAYMENT_METHOD_REQUIRED);
    return audited(ctx, caller, provider, 'Started the 30-day Team Plan trial', (audit) =>
      provider.startTrial(organisationId, quantity, audit),
    );
  }
  return audited(ctx, caller, provider, subscribedAction(coupon || null), (audit) =>
    provider.subscribe(
      organisationId,
      { paymentMethodId: stripeId, quantity, ...(coupon ? { coupon } : {}) },
      audit,
    ),
  );
}

/**
 * POST billing_api/subscriptions/confirm (BILLING=stripe): after Stripe.js authenticated the first
 * payment (3-D Secure), the plan is what Stripe says: paid (the Team Plan, with its audit entry), or
 * refused with Stripe's reason and nothing kept. Other providers never ask for it: 404.
 */
export async function confirmSubscription(
  ctx: ServiceContext,
  caller: CallerAccess,
  subscriptionId: string,
): Promise<Subscription> {
  const provider = requireBilling(ctx, caller);
  if (!provider.confirmPayment) throw notFound();
  const organisationId = caller.organisation.id;
  const subscription = await provider.confirmPayment(
    organisationId,
    subscriptionId.trim(),
    (coupon) => (trx) => auditOrganisationChange(trx, caller, subscribedAction(coupon)),
  );
  forgetListTotals(organisationId);
  return subscription;
}

/** POST billing_api/customers/setup_intent (BILLING=stripe): for Stripe.js to save a new card. */
export async function createSetupIntent(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<SetupIntentResponse> {
  const provider = requireBilling(ctx, caller);
  if (!provider.createSetupIntent) throw notFound();
  return provider.createSetupIntent(caller.organisation.id);
}

/** PATCH billing_api/subscriptions: a new card (stripeDetails.stripeId) and the quantity in step. */
export async function changeSubscription(
  ctx: ServiceContext,
  caller: CallerAccess,
  body: SubscriptionChangeBody | undefined,
): Promise<SubscriptionResponse> {
  const provider = requireBilling(ctx, caller);
  const organisationId = caller.organisation.id;
  const stripeId = body?.stripeDetails?.stripeId?.trim() ?? '';
  if (stripeId !== '') {
    await audited(ctx, caller, provider, 'Changed the payment method', (audit) =>
      provider.attachPaymentMethod(organisationId, stripeId, audit),
    );
  }
  const quantity = await countAccounts(ctx.db, organisationId);
  return audited(ctx, caller, provider, `Changed the Team Plan to ${quantity} accounts`, (audit) =>
    provider.updateQuantity(organisationId, quantity, audit),
  );
}

/** DELETE billing_api/subscriptions: cancels at once; 'No Subscription'. */
export function cancelSubscription(ctx: ServiceContext, caller: CallerAccess): Promise<SubscriptionResponse> {
  const provider = requireBilling(ctx, caller);
  return audited(ctx, caller, provider, 'Cancelled the Team Plan subscription', (audit) =>
    provider.cancelSubscription(caller.organisation.id, audit),
  );
}

/** POST billing_api/subscriptions/promotion_update: a promotion code on the running subscription. */
export function applyPromotionCode(
  ctx: ServiceContext,
  caller: CallerAccess,
  code: string | undefined,
): Promise<Subscription> {
  const provider = requireBilling(ctx, caller);
  const promotion = code?.trim() ?? '';
  if (promotion === '') throw billingRefusal(requiredMessage(FIELD_LABELS.coupon));
  return audited(ctx, caller, provider, `Applied coupon ${normaliseCouponCode(promotion)}`, (audit) =>
    provider.applyPromotionCode(caller.organisation.id, promotion, audit),
  );
}

/** GET billing_api/customers: `metadata.trialled` is 'true' once the trial was taken. */
export function showCustomer(ctx: ServiceContext, caller: CallerAccess): Promise<Customer> {
  return requireBilling(ctx, caller).getCustomer(caller.organisation.id);
}

/** GET billing_api/customers/payment_method: the card in use is `data[0]`. */
export function listPaymentMethods(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<ProviderList<PaymentMethod>> {
  return requireBilling(ctx, caller).listPaymentMethods(caller.organisation.id);
}

/**
 * POST billing_api/customers/payment_method and update_payment_method: the card the provider made
 * (`stripeId`) becomes the customer's card, and the running subscription's.
 */
export function attachPaymentMethod(
  ctx: ServiceContext,
  caller: CallerAccess,
  stripeId: string,
): Promise<PaymentMethod> {
  const provider = requireBilling(ctx, caller);
  return audited(ctx, caller, provider, 'Changed the payment method', (audit) =>
    provider.attachPaymentMethod(caller.organisation.id, stripeId.trim(), audit),
  );
}

/** POST billing_api/customers/destroy_payment_method: only without a subscription; the (empty) list. */
export async function destroyPaymentMethods(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<ProviderList<PaymentMethod>> {
  const provider = requireBilling(ctx, caller);
  await audited(ctx, caller, provider, 'Removed the payment method', (audit) =>
    provider.detachPaymentMethods(caller.organisation.id, audit),
  );
  return provider.listPaymentMethods(caller.organisation.id);
}

/** GET billing_api/invoices: newest first. */
export function listInvoices(ctx: ServiceContext, caller: CallerAccess) {
  return requireBilling(ctx, caller).listInvoices(caller.organisation.id);
}

/** GET billing_api/invoices/{id}/pdf: the PDF (or the provider's address of it); another organisation's is not found. */
export async function showInvoicePdf(
  ctx: ServiceContext,
  caller: CallerAccess,
  invoiceId: string,
): Promise<{ pdf: Uint8Array } | { url: string }> {
  const found = await requireBilling(ctx, caller).invoicePdf(caller.organisation.id, invoiceId);
  if (!found) throw notFound();
  return found;
}

/** POST billing_api/test_payment_methods (BILLING=local only): a checked test card as a payment method. */
export function createTestPaymentMethod(
  ctx: ServiceContext,
  caller: CallerAccess,
  request: TestPaymentMethodRequest,
): Promise<PaymentMethod> {
  const provider = requireBilling(ctx, caller);
  if (!isLocalProvider(provider)) throw notFound();
  return provider.createTestPaymentMethod(caller.organisation.id, request);
}
