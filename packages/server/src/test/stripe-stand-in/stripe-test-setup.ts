import { TEAM_PLAN } from '@coffer/core';
import { DEFAULT_STRIPE_PRICE_LOOKUP_KEY } from '../../config.js';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.js';

/** The webhook signing secret tests configure (STRIPE_WEBHOOK_SECRET). */
export const TEST_WEBHOOK_SECRET = 'whsec_coffer_stand_in_test';

/** Promotion codes every seeded stand-in knows. */
export const TEST_PROMOTION_CODES = {
  tenPercent: 'TEAM10',
  poundOff: 'POUNDOFF',
  inactive: 'OLDCODE',
} as const;

/**
 * A stand-in set up as a Coffer Stripe account is: the Team Plan's monthly price (nickname
 * 'CofferPaid', £3, lookup key as configured) and a few promotion codes.
 */
export async function startSeededStripeStandIn(): Promise<StripeStandIn> {
  const standIn = await startStripeStandIn();
  standIn.state.addPrice({
    nickname: TEAM_PLAN.nickname,
    unitAmount: TEAM_PLAN.unitAmountPence,
    lookupKey: DEFAULT_STRIPE_PRICE_LOOKUP_KEY,
  });
  standIn.state.addPromotionCode({ code: TEST_PROMOTION_CODES.tenPercent, percentOff: 10 });
  standIn.state.addPromotionCode({ code: TEST_PROMOTION_CODES.poundOff, amountOff: 100 });
  standIn.state.addPromotionCode({ code: TEST_PROMOTION_CODES.inactive, percentOff: 50, active: false });
  return standIn;
}

/** The environment of a server using the stand-in (createTestContext's `env`). */
export function stripeTestEnv(standIn: StripeStandIn, webhookSecret: string | null = TEST_WEBHOOK_SECRET) {
  return {
    BILLING: 'stripe',
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in',
    STRIPE_API_BASE: standIn.url,
    ...(webhookSecret ? { STRIPE_WEBHOOK_SECRET: webhookSecret } : {}),
  };
}
