import Stripe from 'stripe';
import type { Config } from '../../config.js';

// Retries are safe: the SDK sends an Idempotency-Key with every POST, so a retried write is not
// applied twice. The timeout bounds how long a billing request may hang on Stripe.
const MAX_NETWORK_RETRIES = 2;
const TIMEOUT_MS = 20_000;

/**
 * The official Stripe SDK client for BILLING=stripe. STRIPE_API_BASE points it at another host
 * (a local stand-in in tests) through the SDK's `host`, `port` and `protocol` options. The API
 * version is the one this SDK release is typed for.
 */
export function createStripeClient(config: Pick<Config, 'stripeSecretKey' | 'stripeApiBase'>): Stripe {
  if (!config.stripeSecretKey) throw new Error('BILLING=stripe needs STRIPE_SECRET_KEY');
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    // No usage reports about Coffer's requests are sent to Stripe.
    telemetry: false,
    appInfo: { name: 'Coffer' },
    ...apiAddress(config.stripeApiBase),
  });
}

function apiAddress(base: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}
