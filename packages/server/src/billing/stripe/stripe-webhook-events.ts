import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema.js';
import { findOrganisationIdByProviderCustomer } from '../../repositories/billing-customer-repository.js';
import { refreshMirror } from './stripe-mirror.js';
import { referenceId } from './stripe-shapes.js';
import { detachUnpaidCard } from './stripe-unpaid-card.js';

/** Events that may change an organisation's plan: each refreshes its mirror. */
export const MIRRORED_EVENT_TYPES: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export interface StripeEventDeps {
  stripe: Stripe;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
}

/** What became of a verified event. */
export type StripeEventOutcome = 'mirrored' | 'ignored';

/**
 * Applies a verified Stripe event: finds the organisation by the event's customer and refreshes its
 * mirrored plan from Stripe's present state (so a late, repeated or out-of-order delivery changes
 * nothing it should not). Other event types, and customers Coffer did not make, are ignored.
 */
export async function applyStripeEvent(
  deps: StripeEventDeps,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  if (!MIRRORED_EVENT_TYPES.has(event.type)) return 'ignored';
  const customerId = referenceId(
    (event.data.object as { customer?: string | { id: string } | null }).customer,
  );
  const organisationId = customerId ? await findOrganisationIdByProviderCustomer(deps.db, customerId) : null;
  if (!customerId || !organisationId) {
    // Ids only: an event's object may carry names and addresses.
    deps.log.info(
      { stripeEvent: event.id, type: event.type },
      'Stripe event for no known organisation ignored',
    );
    return 'ignored';
  }
  await refreshMirror(deps, organisationId, customerId);
  if (event.type === 'customer.subscription.updated') await releaseExpiredAttempt(deps, event);
  return 'mirrored';
}

/**
 * A first payment nobody completed (the challenge's tab was closed, and no later attempt cancelled
 * it) ends after 23 hours as `incomplete_expired`: the card it attached goes with it, as it does
 * when the attempt is cancelled (docs/billing.md). Stripe's present state decides, not the event's.
 */
async function releaseExpiredAttempt(deps: StripeEventDeps, event: Stripe.Event): Promise<void> {
  const id = (event.data.object as { id?: unknown }).id;
  if (typeof id !== 'string') return;
  const subscription = await deps.stripe.subscriptions.retrieve(id);
  if (subscription.status === 'incomplete_expired')
    await detachUnpaidCard(deps.stripe, deps.log, subscription);
}
