import type { FastifyPluginAsync } from 'fastify';
import { createStripeClient } from '../../billing/stripe/stripe-client.js';
import { applyStripeEvent } from '../../billing/stripe/stripe-webhook-events.js';
import { AppError } from '../../errors/app-error.js';

/** Where Stripe delivers events (the endpoint to configure in Stripe's dashboard). */
export const STRIPE_WEBHOOK_PATH = '/api/v1/billing_api/webhooks/stripe';

/** The answer to a delivery whose signature is missing, wrong or too old. */
export const STRIPE_SIGNATURE_MESSAGE = 'Invalid Stripe signature.';

/**
 * The Stripe webhook (BILLING=stripe with STRIPE_WEBHOOK_SECRET), in the PUBLIC tree: Stripe calls
 * it, not a signed-in user, so the only proof of origin is the `Stripe-Signature` header, checked
 * by the SDK over the exact body text with the endpoint's secret and a 5-minute tolerance (replays
 * of an old delivery are refused). Nothing is read or written before that check passes.
 *
 * The body must reach the check unparsed, so this plugin (and only it: Fastify scopes parsers to
 * the plugin) reads application/json as text.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  if (config.billing !== 'stripe') return;
  const secret = config.stripeWebhookSecret;
  if (!secret) {
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are not served, so changes made in Stripe reach Coffer only when billing is next read',
    );
    return;
  }
  const stripe = createStripeClient(config);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(STRIPE_WEBHOOK_PATH, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '' || typeof request.body !== 'string') {
      throw AppError.validation(STRIPE_SIGNATURE_MESSAGE);
    }
    let event: ReturnType<typeof stripe.webhooks.constructEvent>;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch {
      throw AppError.validation(STRIPE_SIGNATURE_MESSAGE);
    }
    const outcome = await applyStripeEvent({ stripe, db: app.db, log: request.log }, event);
    return { received: true, outcome };
  });
};
