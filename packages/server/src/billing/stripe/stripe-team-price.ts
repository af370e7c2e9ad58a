import { TEAM_PLAN } from '@coffer/core';
import type Stripe from 'stripe';

/**
 * The Team Plan's Stripe price, found once by its lookup key (STRIPE_PRICE_LOOKUP_KEY), so the same
 * configuration works in test and live mode, where price ids differ. Its nickname must be
 * 'CofferPaid': the plan limits and the web app recognise the Team Plan by it (spec section 3).
 */
export function createTeamPriceLookup(stripe: Stripe, lookupKey: string): () => Promise<string> {
  let found: string | null = null;
  return async () => {
    if (found) return found;
    const page = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = page.data[0];
    if (!price) throw new Error(`Stripe has no active price with the lookup key ${lookupKey}`);
    if (price.nickname !== TEAM_PLAN.nickname) {
      throw new Error(`The Stripe price ${lookupKey} must have the nickname ${TEAM_PLAN.nickname}`);
    }
    found = price.id;
    return found;
  };
}
