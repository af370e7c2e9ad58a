import type { NoSubscription, Subscription, SubscriptionResponse, SubscriptionStatus } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { hasTakenTrial } from '../repositories/billing-customer-repository.js';
import {
  type BillingSubscriptionRow,
  listSubscriptionsInStatuses,
} from '../repositories/billing-subscription-repository.js';

/** A row of billing_subscriptions as read. */
export type SubscriptionRow = BillingSubscriptionRow;

/** What the API answers when an organisation has no running subscription (spec section 3). */
export const NO_SUBSCRIPTION: NoSubscription = 'No Subscription';

/** Statuses of a subscription that still runs; any other one has ended. */
export const RUNNING_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

/** ISO text (how the tables keep time) as Unix seconds (how the provider's shapes carry it). */
export function toUnixSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

/** A trial whose end has passed without payment: it no longer gives the Team Plan. */
export function isLapsedTrial(row: Pick<SubscriptionRow, 'status' | 'trial_end'>, now: Date): boolean {
  return row.status === 'trialing' && row.trial_end !== null && Date.parse(row.trial_end) <= now.getTime();
}

/**
 * The organisation's running subscription as billing_subscriptions mirrors it (whatever the
 * provider), or null. A trial past its end counts as ended even before the ledger records it.
 */
export async function findRunningSubscription(
  db: Kysely<Database>,
  organisationId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const rows = await listSubscriptionsInStatuses(db, organisationId, RUNNING_STATUSES, {
    breakTiesById: true,
  });
  return rows.find((row) => !isLapsedTrial(row, now)) ?? null;
}

/** A mirrored subscription in the provider's shape: the fields spec section 3 reads. */
export function presentMirroredSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.provider_subscription_id ?? row.id,
    status: row.status as SubscriptionStatus,
    billing_cycle_anchor: toUnixSeconds(row.billing_cycle_anchor),
    trial_end: row.trial_end ? toUnixSeconds(row.trial_end) : null,
    plan: { nickname: row.plan_nickname },
    items: { data: [{ price: { unit_amount: row.unit_amount }, quantity: row.quantity }] },
  };
}

/** The organisation's plan as the profile carries it (spec section 3: trialled, subscription, subscribed). */
export interface PlanState {
  trialled: boolean;
  subscription: SubscriptionResponse;
}

/** Reads the mirrored plan: no network, so the profile and the plan limits never wait on a provider. */
export async function readPlanState(
  db: Kysely<Database>,
  organisationId: string,
  now = new Date(),
): Promise<PlanState> {
  const [row, trialled] = await Promise.all([
    findRunningSubscription(db, organisationId, now),
    hasTakenTrial(db, organisationId),
  ]);
  return { trialled, subscription: row ? presentMirroredSubscription(row) : NO_SUBSCRIPTION };
}
