import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema.js';
import { touchCustomer } from '../../repositories/billing-customer-repository.js';
import {
  deleteSubscriptionsExcept,
  insertSubscription,
  updateSubscriptionByProviderId,
} from '../../repositories/billing-subscription-repository.js';
import type { BillingAudit } from '../billing-provider.js';
import { mainItem, subscriptionStatus } from './stripe-shapes.js';

/** What refreshing the mirror needs. */
export interface StripeMirrorDeps {
  stripe: Stripe;
  db: Kysely<Database>;
}

// A subscription in one of these statuses has ended for good; any other one is the organisation's
// current subscription (even incomplete or unpaid: the mirror says so, and the limits refuse).
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/** Whether Stripe still runs this subscription in some way. */
export function isLiveSubscription(subscription: Stripe.Subscription): boolean {
  return !ENDED_STATUSES.has(subscription.status);
}

/** The customer's current subscription in Stripe (the newest live one), or null. */
export async function fetchCurrentSubscription(
  stripe: Stripe,
  customerId: string,
): Promise<Stripe.Subscription | null> {
  // Without `status`, Stripe lists every subscription but canceled ones, newest first. A payment
  // still waiting for the cardholder (incomplete) does not hide a running trial or plan.
  const page = await stripe.subscriptions.list({ customer: customerId, limit: 10 });
  const live = page.data.filter(isLiveSubscription);
  return live.find((subscription) => subscription.status !== 'incomplete') ?? live[0] ?? null;
}

/**
 * THE one place that writes billing_subscriptions under BILLING=stripe (the plan limits read only
 * that table, inside the transaction of the change they guard, so they never wait on Stripe).
 * A live subscription becomes the organisation's one row; none, or an ended one, removes the row,
 * which is the free plan. Times are ISO text like every other timestamp in the database. `audit`
 * (the service's entry for the change) is written in the same transaction.
 */
export async function mirrorSubscription(
  db: Kysely<Database>,
  organisationId: string,
  subscription: Stripe.Subscription | null,
  audit?: BillingAudit,
): Promise<void> {
  const at = new Date().toISOString();
  const live = subscription && isLiveSubscription(subscription) ? subscription : null;
  await db.transaction().execute(async (trx) => {
    // Touching the customer row first locks it on PostgreSQL, so two mirrors of one organisation
    // (an API answer and a webhook at once) run one after the other and never leave two rows.
    await touchCustomer(trx, organisationId, at);
    await deleteSubscriptionsExcept(trx, organisationId, live ? live.id : null);
    // The change's audit entry commits with the mirror, or neither does.
    await audit?.(trx);
    if (!live) return;
    const item = mainItem(live);
    const plan = {
      status: subscriptionStatus(live.status),
      plan_nickname: item?.price.nickname ?? '',
      unit_amount: item?.price.unit_amount ?? 0,
      quantity: item?.quantity ?? 1,
      billing_cycle_anchor: isoFromUnix(live.billing_cycle_anchor),
      trial_end: live.trial_end === null ? null : isoFromUnix(live.trial_end),
      cancel_at: live.cancel_at === null ? null : isoFromUnix(live.cancel_at),
      updated_at: at,
    };
    if (await updateSubscriptionByProviderId(trx, organisationId, live.id, plan)) return;
    await insertSubscription(trx, {
      id: randomUUID(),
      organisation_id: organisationId,
      provider_subscription_id: live.id,
      created_at: at,
      ...plan,
    });
  });
}

/**
 * Reads the customer's current subscription from Stripe and mirrors it: used by webhooks (the
 * event's own snapshot may be older than another already applied, so Stripe's present state wins,
 * which also makes a redelivered event harmless) and by reads of the subscription.
 */
export async function refreshMirror(
  deps: StripeMirrorDeps,
  organisationId: string,
  customerId: string,
): Promise<Stripe.Subscription | null> {
  const current = await fetchCurrentSubscription(deps.stripe, customerId);
  await mirrorSubscription(deps.db, organisationId, current);
  return current;
}

function isoFromUnix(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
