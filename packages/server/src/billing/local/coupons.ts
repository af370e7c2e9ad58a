import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toBool } from '../../db/to-bool.js';
import { type CouponRow, findCoupon } from '../../repositories/billing-coupon-repository.js';
import { billingRefusal } from '../billing-provider.js';

/** Refusals of a coupon or promotion code; neither repeats the code typed. */
export const COUPON_MESSAGES = {
  unknown: 'This coupon code is not valid.',
  expired: 'This coupon code has expired.',
} as const;

/** Codes are matched without regard to case or surrounding spaces. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The coupon a code names, if it may still be redeemed; otherwise a 400 saying why. */
export async function requireRedeemableCoupon(db: Kysely<Database>, code: string): Promise<CouponRow> {
  const normalised = normaliseCouponCode(code);
  if (normalised === '' || normalised.length > 100) throw billingRefusal(COUPON_MESSAGES.unknown);
  const coupon = await findCoupon(db, normalised);
  if (!coupon) throw billingRefusal(COUPON_MESSAGES.unknown);
  if (!toBool(coupon.valid)) throw billingRefusal(COUPON_MESSAGES.expired);
  return coupon;
}

/**
 * Pence taken off a subtotal: a percentage rounded to the nearest penny, or a fixed amount never
 * beyond the subtotal (an invoice is never negative).
 */
export function discountOf(
  coupon: Pick<CouponRow, 'percent_off' | 'amount_off'> | null,
  subtotal: number,
): number {
  if (!coupon) return 0;
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
  if (coupon.amount_off !== null) return Math.min(coupon.amount_off, subtotal);
  return 0;
}
