import type { Insertable, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { BillingSubscriptionsTable, Database } from '../db/schema.js';

// billing_subscriptions: the plan as the local ledger keeps it or as Stripe's mirror copies it, read
// by the plan limits, the profile and the statistics. This file is the one place that reads or
// writes the table; every query filters on organisation_id.

/** A row of billing_subscriptions as read. */
export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;

/** A change of a subscription (everything but its id and organisation). */
export type BillingSubscriptionChanges = Partial<
  Omit<Insertable<BillingSubscriptionsTable>, 'id' | 'organisation_id'>
>;

/** How rows of the same creation time are ordered. */
export interface SubscriptionOrder {
  /** The newest id first among rows created in the same instant (the plan's read of its one row). */
  breakTiesById?: boolean;
}

/** The organisation's subscriptions in one of `statuses`, newest first. */
export async function listSubscriptionsInStatuses(
  db: Kysely<Database>,
  organisationId: string,
  statuses: readonly string[],
  order: SubscriptionOrder = {},
): Promise<BillingSubscriptionRow[]> {
  let query = db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('status', 'in', [...statuses])
    .orderBy('created_at', 'desc');
  if (order.breakTiesById) query = query.orderBy('id', 'desc');
  return query.execute();
}

/** One subscription of the organisation; throws when it is not there. */
export async function findSubscriptionOrThrow(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
): Promise<BillingSubscriptionRow> {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Inserts a subscription. */
export async function insertSubscription(
  db: Kysely<Database>,
  values: Insertable<BillingSubscriptionsTable>,
): Promise<void> {
  await db.insertInto('billing_subscriptions').values(values).execute();
}

/** Changes a subscription of the organisation. */
export async function updateSubscription(
  db: Kysely<Database>,
  organisationId: string,
  id: string,
  changes: BillingSubscriptionChanges,
): Promise<void> {
  await db
    .updateTable('billing_subscriptions')
    .set(changes)
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .execute();
}

/** Changes the organisation's row of a provider's subscription; answers whether there was one. */
export async function updateSubscriptionByProviderId(
  db: Kysely<Database>,
  organisationId: string,
  providerSubscriptionId: string,
  changes: BillingSubscriptionChanges,
): Promise<boolean> {
  const updated = await db
    .updateTable('billing_subscriptions')
    .set(changes)
    .where('organisation_id', '=', organisationId)
    .where('provider_subscription_id', '=', providerSubscriptionId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Removes the organisation's rows of every subscription but the provider's `keeping` one (rows
 * without a provider id included); every row when `keeping` is null.
 */
export async function deleteSubscriptionsExcept(
  db: Kysely<Database>,
  organisationId: string,
  keeping: string | null,
): Promise<void> {
  let stale = db.deleteFrom('billing_subscriptions').where('organisation_id', '=', organisationId);
  if (keeping !== null) {
    stale = stale.where((eb) =>
      eb.or([eb('provider_subscription_id', 'is', null), eb('provider_subscription_id', '!=', keeping)]),
    );
  }
  await stale.execute();
}

/** Removes every subscription of the organisation. */
export async function deleteSubscriptions(db: Kysely<Database>, organisationId: string): Promise<void> {
  await db.deleteFrom('billing_subscriptions').where('organisation_id', '=', organisationId).execute();
}

/** Unit amount × quantity, in pence, summed over the organisation's subscriptions of one plan and status. */
export async function sumMonthlyPence(
  db: Kysely<Database>,
  organisationId: string,
  planNickname: string,
  statuses: readonly string[],
): Promise<number> {
  const row = await db
    .selectFrom('billing_subscriptions')
    .where('organisation_id', '=', organisationId)
    .where('plan_nickname', '=', planNickname)
    .where('status', 'in', [...statuses])
    .select(sql<number>`coalesce(sum(unit_amount * quantity), 0)`.as('pence'))
    .executeTakeFirstOrThrow();
  return Number(row.pence);
}
