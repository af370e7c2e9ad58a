import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingProvider } from '../../billing/billing-provider.js';
import { createStripeProvider } from '../../billing/stripe/stripe-provider.js';
import { buildOrganisation } from '../../test/factories.js';
import { AUTHENTICATION_CARD_LAST4 } from '../../test/stripe-stand-in/stand-in-state.js';
import type { StripeStandIn } from '../../test/stripe-stand-in/stripe-stand-in.js';
import {
  startSeededStripeStandIn,
  stripeTestEnv,
  TEST_WEBHOOK_SECRET,
} from '../../test/stripe-stand-in/stripe-test-setup.js';
import { createLogCapture, createTestContext, type TestContext } from '../../test/test-app.js';
import {
  STRIPE_SIGNATURE_MESSAGE,
  STRIPE_WEBHOOK_PATH,
  stripeWebhookRoutes,
} from './stripe-webhook-routes.js';

// The lead registers the plugin in the public tree; until then (and in any case) a test app gets it once.
async function withWebhookRoute(app: FastifyInstance): Promise<void> {
  if (!app.hasRoute({ method: 'POST', url: STRIPE_WEBHOOK_PATH })) await app.register(stripeWebhookRoutes);
}

describe('POST /api/v1/billing_api/webhooks/stripe', () => {
  const log = createLogCapture();
  let standIn: StripeStandIn;
  let context: TestContext;
  let provider: BillingProvider;

  beforeAll(async () => {
    standIn = await startSeededStripeStandIn();
    context = await createTestContext({ env: stripeTestEnv(standIn), logStream: log });
    await withWebhookRoute(context.app);
    provider = createStripeProvider({ config: context.config, db: context.db, log: context.app.log });
  });
  afterAll(async () => {
    await context.close();
    await standIn.close();
  });

  /** An organisation on a Team Plan trial, as Stripe and the mirror know it. */
  async function trialling(): Promise<{ organisationId: string; subscriptionId: string }> {
    const organisation = await buildOrganisation(context.db);
    const trial = await provider.startTrial(organisation.id, 1);
    return { organisationId: organisation.id, subscriptionId: trial.id as string };
  }

  function mirrorRows(organisationId: string) {
    return context.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
  }

  function deliver(
    payload: string,
    signature: string | null,
    contentType = 'application/json; charset=utf-8',
  ) {
    return context.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        'content-type': contentType,
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
  }

  function subscriptionEvent(type: string, subscriptionId: string): string {
    return JSON.stringify(standIn.event(type, standIn.state.subscription(subscriptionId)), null, 2);
  }

  it('verifies a signed event and mirrors the subscription as Stripe now has it', async () => {
    const { organisationId, subscriptionId } = await trialling();
    standIn.state.setSubscriptionStatus(subscriptionId, 'past_due');
    const payload = subscriptionEvent('customer.subscription.updated', subscriptionId);
    const response = await deliver(payload, standIn.sign(payload, TEST_WEBHOOK_SECRET));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'mirrored' });
    expect((await mirrorRows(organisationId))[0]?.status).toBe('past_due');
  });

  it('refuses a missing, wrong, tampered or old signature with 400, before reading or changing anything', async () => {
    const { organisationId, subscriptionId } = await trialling();
    standIn.state.setSubscriptionStatus(subscriptionId, 'canceled');
    const payload = subscriptionEvent('customer.subscription.deleted', subscriptionId);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const signed = standIn.sign(payload, TEST_WEBHOOK_SECRET);
    const attempts: Array<[string, string | null]> = [
      [payload, null],
      [payload, ''],
      [payload, 'not-a-signature'],
      [payload, standIn.sign(payload, 'whsec_someone_else')],
      [payload.replace('"canceled"', '"active"'), signed],
      [`${payload} `, signed],
      // A delivery captured and replayed later: older than the 5-minute tolerance.
      [payload, standIn.sign(payload, TEST_WEBHOOK_SECRET, nowSeconds - 10 * 60)],
      ['', standIn.sign('', TEST_WEBHOOK_SECRET)],
    ];
    const callsBefore = standIn.requests.length;
    for (const [body, signature] of attempts) {
      const response = await deliver(body, signature);
      expect(response.statusCode, String(signature)).toBe(400);
      expect(response.json()).toEqual({ errors: [STRIPE_SIGNATURE_MESSAGE] });
    }
    expect(standIn.requests.length).toBe(callsBefore);
    expect((await mirrorRows(organisationId))[0]?.status).toBe('trialing');
  });

  it('takes a deleted subscription back to the free plan, and a redelivery changes nothing', async () => {
    const { organisationId, subscriptionId } = await trialling();
    standIn.state.cancelSubscription(subscriptionId);
    const payload = subscriptionEvent('customer.subscription.deleted', subscriptionId);
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await deliver(payload, standIn.sign(payload, TEST_WEBHOOK_SECRET));
      expect(response.statusCode).toBe(200);
      expect(await mirrorRows(organisationId)).toEqual([]);
    }
    expect(await provider.getSubscription(organisationId)).toBe('No Subscription');
  });

  it('detaches the card of a first payment nobody authenticated once Stripe expires it (issue 26)', async () => {
    const organisation = await buildOrganisation(context.db);
    const card = standIn.state.createTestPaymentMethod({ last4: AUTHENTICATION_CARD_LAST4 });
    const pending = await provider.subscribe(organisation.id, { paymentMethodId: card.id, quantity: 1 });
    expect(pending.payment_intent?.status).toBe('requires_action');
    expect(card.customer).not.toBeNull();

    // 23 hours later Stripe gives up on it and says so.
    standIn.state.setSubscriptionStatus(pending.id as string, 'incomplete_expired');
    const payload = subscriptionEvent('customer.subscription.updated', pending.id as string);
    const response = await deliver(payload, standIn.sign(payload, TEST_WEBHOOK_SECRET));
    expect(response.statusCode).toBe(200);
    expect(card.customer).toBeNull();
    expect(await mirrorRows(organisation.id)).toEqual([]);
    expect(await provider.listPaymentMethods(organisation.id)).toMatchObject({ data: [] });
  });

  it("uses Stripe's present state, so an older event arriving late does not undo a newer one", async () => {
    const { organisationId, subscriptionId } = await trialling();
    const older = subscriptionEvent('customer.subscription.updated', subscriptionId); // still trialing
    standIn.state.setSubscriptionStatus(subscriptionId, 'unpaid');
    const newer = subscriptionEvent('customer.subscription.updated', subscriptionId);
    await deliver(newer, standIn.sign(newer, TEST_WEBHOOK_SECRET));
    await deliver(older, standIn.sign(older, TEST_WEBHOOK_SECRET));
    expect((await mirrorRows(organisationId))[0]?.status).toBe('unpaid');
  });

  it('refreshes the mirror on invoice.paid and invoice.payment_failed', async () => {
    const { organisationId, subscriptionId } = await trialling();
    const customerId = standIn.state.subscription(subscriptionId).customer;
    const invoice = standIn.state.listInvoices(customerId)[0];
    standIn.state.setSubscriptionStatus(subscriptionId, 'past_due');
    const failed = JSON.stringify(standIn.event('invoice.payment_failed', invoice));
    expect((await deliver(failed, standIn.sign(failed, TEST_WEBHOOK_SECRET))).json().outcome).toBe(
      'mirrored',
    );
    expect((await mirrorRows(organisationId))[0]?.status).toBe('past_due');
    standIn.state.setSubscriptionStatus(subscriptionId, 'active');
    const paid = JSON.stringify(standIn.event('invoice.paid', invoice));
    expect((await deliver(paid, standIn.sign(paid, TEST_WEBHOOK_SECRET))).json().outcome).toBe('mirrored');
    expect((await mirrorRows(organisationId))[0]?.status).toBe('active');
  });

  it('answers 200 to an event of a customer Coffer does not know, logging ids only', async () => {
    const stranger = standIn.state.createCustomer({});
    const event = standIn.event('customer.subscription.updated', {
      id: 'sub_stranger',
      object: 'subscription',
      customer: stranger.id,
      status: 'active',
    });
    const payload = JSON.stringify(event);
    const signature = standIn.sign(payload, TEST_WEBHOOK_SECRET);
    const callsBefore = standIn.requests.length;
    const response = await deliver(payload, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(standIn.requests.length).toBe(callsBefore);
    const text = log.text();
    expect(text).toContain(event.id);
    expect(text).not.toContain(TEST_WEBHOOK_SECRET);
    expect(text).not.toContain(signature);
    expect(text).not.toContain(standIn.secretKey);
  });

  it('answers 200 to event types that do not touch the plan, without calling Stripe', async () => {
    const { subscriptionId } = await trialling();
    const payload = subscriptionEvent('customer.subscription.trial_will_end', subscriptionId);
    const callsBefore = standIn.requests.length;
    const response = await deliver(payload, standIn.sign(payload, TEST_WEBHOOK_SECRET));
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(standIn.requests.length).toBe(callsBefore);
  });

  it('takes only JSON, and reads bodies as text only on this route', async () => {
    const payload = 'type=invoice.paid';
    const response = await deliver(
      payload,
      standIn.sign(payload, TEST_WEBHOOK_SECRET),
      'application/x-www-form-urlencoded',
    );
    expect(response.statusCode).toBe(415);
    // Elsewhere JSON is still parsed as before (the text parser is scoped to the webhook plugin).
    const prelogin = await context.app.inject({
      method: 'POST',
      url: '/api/v1/prelogin',
      payload: { email: 'nobody@example.test' },
    });
    expect(prelogin.statusCode).toBe(200);
    expect(prelogin.json()).toHaveProperty('kdf_iterations');
  });
});

describe('the Stripe webhook route when it cannot verify', () => {
  it('is not served under BILLING=local', async () => {
    const context = await createTestContext();
    await withWebhookRoute(context.app);
    const response = await context.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: {} });
    expect(response.statusCode).toBe(404);
    await context.close();
  });

  it('is not served, with a warning, under BILLING=stripe without STRIPE_WEBHOOK_SECRET', async () => {
    const standIn = await startSeededStripeStandIn();
    const log = createLogCapture();
    const context = await createTestContext({ env: stripeTestEnv(standIn, null), logStream: log });
    await withWebhookRoute(context.app);
    const response = await context.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(log.text()).toContain('STRIPE_WEBHOOK_SECRET is not set');
    await context.close();
    await standIn.close();
  });
});
