import type { Kysely, Selectable } from 'kysely';
import type { BillingCouponsTable, Database } from '../db/schema.js';

// billing_coupons: codes any organisation may redeem, so the one table not scoped by organisation.

/** A coupon as the ledger reads it. */
export type CouponRow = Selectable<BillingCouponsTable>;

/** The coupon with this (normalised) code, redeemable or not. */
export async function findCoupon(db: Kysely<Database>, code: string): Promise<CouponRow | null> {
  const row = await db.selectFrom('billing_coupons').selectAll().where('code', '=', code).executeTakeFirst();
  return row ?? null;
}
