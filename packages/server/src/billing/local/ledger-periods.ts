import { TEAM_PLAN } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findCoupon } from '../../repositories/billing-coupon-repository.js';
import { insertPeriodInvoice, lastInvoicedPeriod } from '../../repositories/billing-invoice-repository.js';
import {
  listSubscriptionsInStatuses,
  updateSubscription,
} from '../../repositories/billing-subscription-repository.js';
import { countAccounts } from '../plan-limits.js';
import { isLapsedTrial, RUNNING_STATUSES, type SubscriptionRow } from '../plan-state.js';
import { billingPeriod, currentPeriodIndex } from './billing-periods.js';
import { discountOf } from './coupons.js';
import { newLedgerId } from './ledger-ids.js';
import { invoicePdfPath } from './ledger-shapes.js';

// Far more periods than a subscription could have run: a guard against a broken clock, not a rule.
const MAX_PERIODS_AT_ONCE = 1200;

/**
 * Brings the ledger up to `now`, inside the caller's transaction (after lockOrganisationRow):
 * a trial past its end without payment lapses (status canceled, ended at its trial end), and every
 * billing period of a paid subscription that has begun gets its invoice, paid at the period's
 * start. Called before every read and change, so periods are made lazily, each exactly once
 * (unique subscription and period, insert or nothing). An invoice charges the quantity, unit
 * amount and coupon in force when it is made; since every change of those brings the ledger up to
 * date first, those are the ones in force when its period began.
 */
export async function bringLedgerUpToDate(
  trx: Kysely<Database>,
  organisationId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  let running: SubscriptionRow | null = null;
  // Subscriptions that still run by their status, a lapsed trial included.
  for (const row of await listSubscriptionsInStatuses(trx, organisationId, RUNNING_STATUSES)) {
    if (isLapsedTrial(row, now)) {
      const endedAt = row.trial_end ?? now.toISOString();
      await updateSubscription(trx, organisationId, row.id, {
        status: 'canceled',
        ended_at: endedAt,
        updated_at: now.toISOString(),
      });
      continue;
    }
    if (row.status !== 'trialing') await invoiceElapsedPeriods(trx, row, now);
    running ??= row;
  }
  return running;
}

/** Makes the invoice of every period of a paid subscription that has begun by `now`. */
async function invoiceElapsedPeriods(trx: Kysely<Database>, row: SubscriptionRow, now: Date): Promise<void> {
  const anchor = new Date(row.billing_cycle_anchor);
  const current = currentPeriodIndex(anchor, now);
  const first = (await lastInvoicedPeriod(trx, row.organisation_id, row.id)) + 1;
  const last = Math.min(current, first + MAX_PERIODS_AT_ONCE - 1);
  for (let index = first; index <= last; index += 1) await invoicePeriod(trx, row, index);
}

/** The invoice of one period of a subscription, charged at the period's start. */
export async function invoicePeriod(
  trx: Kysely<Database>,
  row: SubscriptionRow,
  index: number,
): Promise<void> {
  const period = billingPeriod(new Date(row.billing_cycle_anchor), index);
  const coupon = row.coupon_code ? await findCoupon(trx, row.coupon_code) : null;
  const subtotal = row.unit_amount * row.quantity;
  const discount = discountOf(coupon, subtotal);
  const id = newLedgerId('in');
  const start = period.start.toISOString();
  await insertPeriodInvoice(trx, {
    id,
    organisation_id: row.organisation_id,
    status: 'paid',
    total: subtotal - discount,
    currency: TEAM_PLAN.currency,
    paid_at: start,
    invoice_pdf: invoicePdfPath(id),
    created_at: start,
    subscription_id: row.id,
    period_index: index,
    period_start: start,
    period_end: period.end.toISOString(),
    quantity: row.quantity,
    unit_amount: row.unit_amount,
    subtotal,
    discount,
    coupon_code: coupon ? coupon.code : null,
  });
}

/**
 * Keeps the running subscription's quantity equal to the organisation's accounts, inside the
 * transaction of the user change (after lockOrganisationRow): periods already begun are invoiced
 * first at the quantity they began with. Answers the quantity, or null without a subscription.
 */
export async function syncLedgerQuantity(
  trx: Kysely<Database>,
  organisationId: string,
  now: Date,
): Promise<number | null> {
  const running = await bringLedgerUpToDate(trx, organisationId, now);
  if (!running) return null;
  const accounts = await countAccounts(trx, organisationId);
  if (accounts !== running.quantity) {
    await updateSubscription(trx, organisationId, running.id, {
      quantity: accounts,
      updated_at: now.toISOString(),
    });
  }
  return accounts;
}
