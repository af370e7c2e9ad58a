import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { BillingProvider } from './billing-provider.js';
import { createLocalProvider } from './local/local-provider.js';

/** What a provider is built from. */
export interface BillingProviderDeps {
  config: Config;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}

/**
 * The provider BILLING chooses: the local ledger, Stripe, or none at all under 'off' (billing
 * routes answer 404, no plan limits apply). Stripe's module (and its SDK) is loaded only when
 * chosen, so a server without Stripe never pays for it in memory.
 */
export async function createBillingProvider(deps: BillingProviderDeps): Promise<BillingProvider | null> {
  switch (deps.config.billing) {
    case 'off':
      return null;
    case 'local':
      return createLocalProvider({ db: deps.db });
    case 'stripe': {
      const { createStripeProvider } = await import('./stripe/stripe-provider.js');
      return createStripeProvider(deps);
    }
  }
}
