import type { Subscription } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_MESSAGES } from '../../billing/stripe/stripe-refusals.js';
import { auditActions as organisationAudit } from '../../test/audit-rows.js';
import { BILLING_API, buildBillingOrganisation } from '../../test/billing-fixtures.js';
import { callApi } from '../../test/chest-scenario.js';
import {
  AUTHENTICATION_CARD_LAST4,
  AUTHENTICATION_FAILED_MESSAGE,
  type ChallengeOutcome,
  DECLINED_CARD_LAST4,
} from '../../test/stripe-stand-in/stand-in-state.js';
import type { StripeStandIn } from '../../test/stripe-stand-in/stripe-stand-in.js';
import {
  startSeededStripeStandIn,
  stripeTestEnv,
  TEST_PROMOTION_CODES,
} from '../../test/stripe-stand-in/stripe-test-setup.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Method = 'GET' | 'POST';

// 3-D Secure under BILLING=stripe, through the billing routes against the Stripe stand-in: a card
// that must authenticate (4000 0027 6000 3184) is paid in the browser, and only what Stripe then
// has paid becomes the plan. The stand-in's answerChallenge plays the cardholder at Stripe.js's
// challenge; the journey does the same in Chromium.
describe('paying with a card that requires authentication (BILLING=stripe)', () => {
  let standIn: StripeStandIn;
  let context: TestContext;

  beforeAll(async () => {
    standIn = await startSeededStripeStandIn();
    context = await createTestContext({ env: stripeTestEnv(standIn) });
  });
  afterAll(async () => {
    await context.close();
    await standIn.close();
  });

  const call = (token: string, method: Method, path: string, payload?: object) =>
    callApi(context.app, token, method, `${BILLING_API}${path}`, payload);

  const auditActions = (organisationId: string) => organisationAudit(context.db, { organisationId });

  async function mirrorStatuses(organisationId: string): Promise<string[]> {
    const rows = await context.db
      .selectFrom('billing_subscriptions')
      .select('status')
      .where('organisation_id', '=', organisationId)
      .execute();
    return rows.map((row) => row.status);
  }

  async function customerOf(organisationId: string) {
    const row = await context.db
      .selectFrom('billing_customers')
      .select('provider_customer_id')
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return standIn.state.customer(row.provider_customer_id as string);
  }

  function cardsOf(customerId: string): string[] {
    return standIn.state.listPaymentMethods(customerId).map((method) => method.id);
  }

  // The first payment waits for the cardholder: the answer carries its client secret.
  async function payWithChallengedCard(ownerToken: string, coupon?: string) {
    const card = standIn.state.createTestPaymentMethod({ last4: AUTHENTICATION_CARD_LAST4 });
    const response = await call(ownerToken, 'POST', '/subscriptions', {
      stripeId: card.id,
      ...(coupon ? { coupon } : {}),
    });
    expect(response.statusCode).toBe(200);
    const pending = response.json<Subscription>();
    expect(pending.status).toBe('incomplete');
    expect(pending.payment_intent?.status).toBe('requires_action');
    return { card, pending, secret: pending.payment_intent?.client_secret as string };
  }

  function answer(secret: string, outcome: ChallengeOutcome) {
    standIn.state.answerChallenge(secret.split('_secret_')[0] as string, secret, outcome);
  }

  /**
   * A card that must authenticate, saved the way the web app saves a replacement: a SetupIntent
   * whose challenge the cardholder completes. 'update' then makes it the card in use
   * (update_payment_method); 'setup only' leaves that to the caller.
   */
  async function saveAuthenticatedCard(ownerToken: string, then: 'update' | 'setup only' = 'update') {
    const secret = (await call(ownerToken, 'POST', '/customers/setup_intent')).json<{
      client_secret: string;
    }>().client_secret;
    const intentId = secret.split('_secret_')[0] as string;
    const card = standIn.state.createTestPaymentMethod({ last4: AUTHENTICATION_CARD_LAST4 });
    expect(standIn.state.confirmSetupIntent(intentId, secret, card.id).status).toBe('requires_action');
    standIn.state.answerChallenge(intentId, secret, 'complete');
    if (then === 'update') {
      const saved = await call(ownerToken, 'POST', '/customers/update_payment_method', { stripeId: card.id });
      expect(saved.statusCode).toBe(200);
    }
    return card;
  }

  it('makes the plan only once the cardholder authenticated, ending the trial it replaces', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    expect((await call(ownerToken, 'POST', '/subscriptions')).statusCode).toBe(200);
    const { card, pending, secret } = await payWithChallengedCard(
      ownerToken,
      TEST_PROMOTION_CODES.tenPercent,
    );

    // Waiting: still the trial, and nothing recorded as paid.
    expect(await mirrorStatuses(organisationId)).toEqual(['trialing']);
    expect(await auditActions(organisationId)).toEqual(['Started the 30-day Team Plan trial']);

    answer(secret, 'complete');
    const confirmed = await call(ownerToken, 'POST', '/subscriptions/confirm', {
      subscriptionId: pending.id,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      id: pending.id,
      status: 'active',
      plan: { nickname: 'CofferPaid' },
    });
    expect(confirmed.json()).not.toHaveProperty('payment_intent');

    expect(await mirrorStatuses(organisationId)).toEqual(['active']);
    const customer = await customerOf(organisationId);
    expect(customer.invoice_settings.default_payment_method).toBe(card.id);
    const live = standIn.state
      .listSubscriptions(customer.id, null)
      .map((subscription) => subscription.status);
    expect(live).toEqual(['active']);
    expect(await auditActions(organisationId)).toEqual([
      'Started the 30-day Team Plan trial',
      'Subscribed to the Team Plan with coupon TEAM10',
    ]);
    const profile = await callApi(context.app, ownerToken, 'GET', '/api/v1/profile');
    expect(profile.json()).toMatchObject({ subscribed: true });
  });

  it("refuses a failed authentication with Stripe's message and keeps nothing: no plan, no card", async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const { pending, secret } = await payWithChallengedCard(ownerToken);
    // An unpaid subscription is not the Team Plan while it waits.
    expect(await mirrorStatuses(organisationId)).toEqual(['incomplete']);

    answer(secret, 'fail');
    const refused = await call(ownerToken, 'POST', '/subscriptions/confirm', { subscriptionId: pending.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: [AUTHENTICATION_FAILED_MESSAGE] });

    expect(await mirrorStatuses(organisationId)).toEqual([]);
    const customer = await customerOf(organisationId);
    expect(cardsOf(customer.id)).toEqual([]);
    expect(standIn.state.listSubscriptions(customer.id, null)).toEqual([]);
    expect(await auditActions(organisationId)).toEqual([]);
    expect((await call(ownerToken, 'GET', '/subscriptions')).json()).toBe('No Subscription');
  });

  it('keeps the trial running when authentication fails, and a second confirm finds nothing to complete', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    await call(ownerToken, 'POST', '/subscriptions');
    const { pending, secret } = await payWithChallengedCard(ownerToken);
    answer(secret, 'fail');
    const refused = await call(ownerToken, 'POST', '/subscriptions/confirm', { subscriptionId: pending.id });
    expect(refused.json()).toEqual({ errors: [AUTHENTICATION_FAILED_MESSAGE] });
    expect(await mirrorStatuses(organisationId)).toEqual(['trialing']);

    const again = await call(ownerToken, 'POST', '/subscriptions/confirm', { subscriptionId: pending.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: [STRIPE_MESSAGES.noPendingPayment] });
  });

  it("refuses to confirm another organisation's subscription or an unknown id", async () => {
    const first = await buildBillingOrganisation(context.db);
    const second = await buildBillingOrganisation(context.db);
    const { pending } = await payWithChallengedCard(first.ownerToken);
    await call(second.ownerToken, 'GET', '/customers');
    for (const subscriptionId of [pending.id, 'sub_unknown', 'not an id']) {
      const refused = await call(second.ownerToken, 'POST', '/subscriptions/confirm', { subscriptionId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errors: [STRIPE_MESSAGES.noPendingPayment] });
    }
    expect(standIn.state.subscription(pending.id as string).status).toBe('incomplete');
  });

  it('an abandoned challenge makes way for the next attempt: one plan, paid by an ordinary card', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const { pending } = await payWithChallengedCard(ownerToken);
    const visa = standIn.state.createTestPaymentMethod();
    const paid = await call(ownerToken, 'POST', '/subscriptions', { stripeId: visa.id });
    expect(paid.json()).toMatchObject({ status: 'active' });
    expect(standIn.state.subscription(pending.id as string).status).toBe('canceled');
    expect(await mirrorStatuses(organisationId)).toEqual(['active']);
    expect(await auditActions(organisationId)).toEqual(['Subscribed to the Team Plan']);
  });

  it('audits a confirmed subscription once, however often (and however concurrently) it is confirmed', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const { pending, secret } = await payWithChallengedCard(ownerToken);
    answer(secret, 'complete');
    const confirm = () => call(ownerToken, 'POST', '/subscriptions/confirm', { subscriptionId: pending.id });
    const answers = [await confirm(), ...(await Promise.all([confirm(), confirm()]))];
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: pending.id, status: 'active' });
    }
    expect(await auditActions(organisationId)).toEqual(['Subscribed to the Team Plan']);
    expect(await mirrorStatuses(organisationId)).toEqual(['active']);
  });

  it('writes no second entry when a subscription paid at once is confirmed too', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const visa = standIn.state.createTestPaymentMethod();
    const paid = await call(ownerToken, 'POST', '/subscriptions', { stripeId: visa.id });
    expect(paid.json()).toMatchObject({ status: 'active' });
    const confirmed = await call(ownerToken, 'POST', '/subscriptions/confirm', {
      subscriptionId: paid.json<Subscription>().id,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await auditActions(organisationId)).toEqual(['Subscribed to the Team Plan']);
  });

  it('a challenge nobody confirmed (the tab closed) leaves no card behind when the next card is declined', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const { card, pending } = await payWithChallengedCard(ownerToken);
    const customer = await customerOf(organisationId);
    expect(cardsOf(customer.id)).toEqual([card.id]);

    const declined = standIn.state.createTestPaymentMethod({ last4: DECLINED_CARD_LAST4 });
    const refused = await call(ownerToken, 'POST', '/subscriptions', { stripeId: declined.id });
    expect(refused.statusCode).toBe(400);
    expect(standIn.state.subscription(pending.id as string).status).toBe('canceled');
    expect(cardsOf(customer.id)).toEqual([]);
    expect((await call(ownerToken, 'GET', '/customers/payment_method')).json()).toMatchObject({ data: [] });
    expect(await mirrorStatuses(organisationId)).toEqual([]);
  });

  it('a retry with the card of the abandoned challenge keeps that card and can still be paid', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const { card, pending } = await payWithChallengedCard(ownerToken);
    const retry = await call(ownerToken, 'POST', '/subscriptions', { stripeId: card.id });
    expect(retry.statusCode).toBe(200);
    const second = retry.json<Subscription>();
    expect(second.payment_intent?.status).toBe('requires_action');
    expect(standIn.state.subscription(pending.id as string).status).toBe('canceled');
    answer(second.payment_intent?.client_secret as string, 'complete');
    const confirmed = await call(ownerToken, 'POST', '/subscriptions/confirm', { subscriptionId: second.id });
    expect(confirmed.json()).toMatchObject({ id: second.id, status: 'active' });
    expect(cardsOf((await customerOf(organisationId)).id)).toEqual([card.id]);
  });

  it('a trial whose replacement card must authenticate: a failed payment keeps that card in use, a completed one pays', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    await call(ownerToken, 'POST', '/subscriptions');
    const replacement = await saveAuthenticatedCard(ownerToken);
    const customer = await customerOf(organisationId);
    expect(customer.invoice_settings.default_payment_method).toBe(replacement.id);

    // Saved with authentication once, the card is still challenged on its first payment.
    const first = (
      await call(ownerToken, 'POST', '/subscriptions', { stripeId: replacement.id })
    ).json<Subscription>();
    expect(first.payment_intent?.status).toBe('requires_action');
    answer(first.payment_intent?.client_secret as string, 'fail');
    const refused = await call(ownerToken, 'POST', '/subscriptions/confirm', { subscriptionId: first.id });
    expect(refused.json()).toEqual({ errors: [AUTHENTICATION_FAILED_MESSAGE] });
    expect(cardsOf(customer.id)).toEqual([replacement.id]);
    expect(await mirrorStatuses(organisationId)).toEqual(['trialing']);

    const second = (
      await call(ownerToken, 'POST', '/subscriptions', { stripeId: replacement.id })
    ).json<Subscription>();
    answer(second.payment_intent?.client_secret as string, 'complete');
    const paid = await call(ownerToken, 'POST', '/subscriptions/confirm', { subscriptionId: second.id });
    expect(paid.json()).toMatchObject({ id: second.id, status: 'active' });
    expect(cardsOf(customer.id)).toEqual([replacement.id]);
    expect(await mirrorStatuses(organisationId)).toEqual(['active']);
    expect(await auditActions(organisationId)).toEqual([
      'Started the 30-day Team Plan trial',
      'Changed the payment method',
      'Subscribed to the Team Plan',
    ]);
  });

  it('a paid plan takes a replacement card that must authenticate through PATCH subscriptions, with no charge now', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const visa = standIn.state.createTestPaymentMethod();
    const paid = (
      await call(ownerToken, 'POST', '/subscriptions', { stripeId: visa.id })
    ).json<Subscription>();
    const invoicesBefore = standIn.state.listInvoices((await customerOf(organisationId)).id).length;
    const replacement = await saveAuthenticatedCard(ownerToken, 'setup only');

    const changed = await callApi(context.app, ownerToken, 'PATCH', `${BILLING_API}/subscriptions`, {
      stripeDetails: { stripeId: replacement.id },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).not.toHaveProperty('payment_intent');
    expect(standIn.state.subscription(paid.id as string)).toMatchObject({
      status: 'active',
      default_payment_method: replacement.id,
    });
    const customer = await customerOf(organisationId);
    expect(customer.invoice_settings.default_payment_method).toBe(replacement.id);
    expect(cardsOf(customer.id)).toEqual([replacement.id]);
    expect(standIn.state.listInvoices(customer.id)).toHaveLength(invoicesBefore);
  });

  it('saves a replacement card through a SetupIntent, authenticated, as the default card', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const visa = standIn.state.createTestPaymentMethod();
    await call(ownerToken, 'POST', '/subscriptions', { stripeId: visa.id });

    const setup = await call(ownerToken, 'POST', '/customers/setup_intent');
    expect(setup.statusCode).toBe(200);
    const secret = setup.json<{ client_secret: string }>().client_secret;
    const intentId = secret.split('_secret_')[0] as string;
    const replacement = standIn.state.createTestPaymentMethod({ last4: AUTHENTICATION_CARD_LAST4 });
    expect(standIn.state.confirmSetupIntent(intentId, secret, replacement.id).status).toBe('requires_action');
    // Not saved until authenticated.
    expect(replacement.customer).toBeNull();
    standIn.state.answerChallenge(intentId, secret, 'complete');

    const saved = await call(ownerToken, 'POST', '/customers/update_payment_method', {
      stripeId: replacement.id,
    });
    expect(saved.statusCode).toBe(200);
    const customer = await customerOf(organisationId);
    expect(customer.invoice_settings.default_payment_method).toBe(replacement.id);
    expect(cardsOf(customer.id)).toEqual([replacement.id]);
    const methods = await call(ownerToken, 'GET', '/customers/payment_method');
    expect(methods.json()).toMatchObject({ data: [{ id: replacement.id, card: { last4: '3184' } }] });
  });

  it('a failed setup authentication saves nothing: the card in use stays', async () => {
    const { organisationId, ownerToken } = await buildBillingOrganisation(context.db);
    const visa = standIn.state.createTestPaymentMethod();
    await call(ownerToken, 'POST', '/subscriptions', { stripeId: visa.id });
    const secret = (await call(ownerToken, 'POST', '/customers/setup_intent')).json<{
      client_secret: string;
    }>().client_secret;
    const intentId = secret.split('_secret_')[0] as string;
    const replacement = standIn.state.createTestPaymentMethod({ last4: AUTHENTICATION_CARD_LAST4 });
    standIn.state.confirmSetupIntent(intentId, secret, replacement.id);
    const failed = standIn.state.answerChallenge(intentId, secret, 'fail');
    expect(failed).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { message: AUTHENTICATION_FAILED_MESSAGE },
    });
    expect(replacement.customer).toBeNull();
    const customer = await customerOf(organisationId);
    expect(cardsOf(customer.id)).toEqual([visa.id]);
  });

  it('is not served under BILLING=local: confirm and setup_intent are 404', async () => {
    const local = await createTestContext({ env: { BILLING: 'local' } });
    try {
      const { ownerToken } = await buildBillingOrganisation(local.db);
      for (const [path, payload] of [
        ['/subscriptions/confirm', { subscriptionId: 'sub_1' }],
        ['/customers/setup_intent', undefined],
      ] as const) {
        const response = await callApi(local.app, ownerToken, 'POST', `${BILLING_API}${path}`, payload);
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await local.close();
    }
  });
});
