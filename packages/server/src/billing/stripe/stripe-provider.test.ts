import type { Subscription, SubscriptionResponse } from '@coffer/core';
import { TEAM_PLAN } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.js';
import { buildOrganisation } from '../../test/factories.js';
import { DECLINED_CARD_LAST4 } from '../../test/stripe-stand-in/stand-in-state.js';
import type { StripeStandIn } from '../../test/stripe-stand-in/stripe-stand-in.js';
import {
  startSeededStripeStandIn,
  stripeTestEnv,
  TEST_PROMOTION_CODES,
} from '../../test/stripe-stand-in/stripe-test-setup.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import type { BillingProvider } from '../billing-provider.js';
import { readPlanState } from '../plan-state.js';
import { createStripeProvider } from './stripe-provider.js';
import { STRIPE_MESSAGES } from './stripe-refusals.js';

// The Stripe provider against the local Stripe stand-in (never the internet), on the dialect under test.
describe('Stripe billing provider', () => {
  let standIn: StripeStandIn;
  let context: TestContext;
  let provider: BillingProvider;

  beforeAll(async () => {
    standIn = await startSeededStripeStandIn();
    context = await createTestContext({ env: stripeTestEnv(standIn) });
    provider = createStripeProvider({ config: context.config, db: context.db, log: context.app.log });
  });
  afterAll(async () => {
    await context.close();
    await standIn.close();
  });

  async function newOrganisation(): Promise<string> {
    return (await buildOrganisation(context.db)).id;
  }

  async function mirrorRows(organisationId: string) {
    return context.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
  }

  async function customerIdOf(organisationId: string): Promise<string> {
    const row = await context.db
      .selectFrom('billing_customers')
      .select('provider_customer_id')
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return row.provider_customer_id as string;
  }

  async function refusal(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    return (error as AppError).message;
  }

  function asSubscription(response: SubscriptionResponse): Subscription {
    expect(typeof response).toBe('object');
    return response as Subscription;
  }

  it('makes one customer per organisation, even for concurrent first calls', async () => {
    const organisationId = await newOrganisation();
    const [first, second] = await Promise.all([
      provider.getCustomer(organisationId),
      provider.getCustomer(organisationId),
    ]);
    expect(first.id).toBe(second.id);
    expect(first).toEqual({ id: first.id, metadata: {} });
    expect(await customerIdOf(organisationId)).toBe(first.id);
    const customer = standIn.state.customer(first.id as string);
    expect(customer.metadata).toEqual({ coffer_organisation_id: organisationId });
    expect(
      [...standIn.state.customers.values()].filter(
        (c) => c.metadata.coffer_organisation_id === organisationId,
      ),
    ).toHaveLength(1);
  });

  it('answers No Subscription and empty lists for an organisation Stripe has never seen, without making a customer', async () => {
    const organisationId = await newOrganisation();
    const customersBefore = standIn.state.customers.size;
    expect(await provider.getSubscription(organisationId)).toBe('No Subscription');
    expect(await provider.listPaymentMethods(organisationId)).toEqual({ data: [] });
    expect(await provider.listInvoices(organisationId)).toEqual({ data: [] });
    expect(await provider.updateQuantity(organisationId, 3)).toBe('No Subscription');
    expect(await provider.cancelSubscription(organisationId)).toBe('No Subscription');
    expect(standIn.state.customers.size).toBe(customersBefore);
  });

  it('starts the 30-day trial of the Team price once, marks the customer trialled and mirrors the plan', async () => {
    const organisationId = await newOrganisation();
    const before = Math.floor(Date.now() / 1000);
    const trial = await provider.startTrial(organisationId, 2);
    expect(trial).toMatchObject({
      status: 'trialing',
      plan: { nickname: TEAM_PLAN.nickname },
      items: { data: [{ price: { unit_amount: TEAM_PLAN.unitAmountPence }, quantity: 2 }] },
    });
    expect(trial.trial_end).toBeGreaterThanOrEqual(before + 30 * 86_400);
    expect(trial.trial_end).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 86_400);
    expect(await provider.getCustomer(organisationId)).toMatchObject({ metadata: { trialled: 'true' } });

    const [row] = await mirrorRows(organisationId);
    expect(row).toMatchObject({
      status: 'trialing',
      plan_nickname: 'CofferPaid',
      unit_amount: 300,
      quantity: 2,
      provider_subscription_id: trial.id,
      billing_cycle_anchor: new Date((trial.trial_end as number) * 1000).toISOString(),
      trial_end: new Date((trial.trial_end as number) * 1000).toISOString(),
    });
    const plan = await readPlanState(context.db, organisationId);
    expect(plan.trialled).toBe(true);
    expect(plan.subscription).toMatchObject({ status: 'trialing', plan: { nickname: 'CofferPaid' } });

    // A live subscription refuses a second trial; so does the trial taken, after cancelling.
    expect(await refusal(provider.startTrial(organisationId, 2))).toBe(STRIPE_MESSAGES.trialTaken);
    await provider.cancelSubscription(organisationId);
    expect(await refusal(provider.startTrial(organisationId, 2))).toBe(STRIPE_MESSAGES.trialTaken);
    expect(await mirrorRows(organisationId)).toEqual([]);
  });

  it('pays with a Stripe.js card, ending the trial: the card is the default, the period is charged and mirrored', async () => {
    const organisationId = await newOrganisation();
    await provider.startTrial(organisationId, 1);
    const card = standIn.state.createTestPaymentMethod({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 3,
      exp_year: 2031,
    });
    const paid = await provider.subscribe(organisationId, { paymentMethodId: card.id, quantity: 4 });
    expect(paid).toMatchObject({
      status: 'active',
      plan: { nickname: 'CofferPaid' },
      items: { data: [{ price: { unit_amount: 300 }, quantity: 4 }] },
    });
    const customerId = await customerIdOf(organisationId);
    expect(standIn.state.customer(customerId).invoice_settings.default_payment_method).toBe(card.id);
    const [row] = await mirrorRows(organisationId);
    expect(row).toMatchObject({ status: 'active', quantity: 4, provider_subscription_id: paid.id });

    const methods = await provider.listPaymentMethods(organisationId);
    expect(methods.data).toEqual([
      {
        id: card.id,
        card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
        billing_details: {
          name: 'Ada Lovelace',
          address: {
            line1: '1 Analytical Row',
            line2: null,
            city: 'London',
            country: 'GB',
            postal_code: 'N1 9GU',
          },
        },
      },
    ]);
    const invoices = await provider.listInvoices(organisationId);
    // Newest first: the first paid period (4 × £3), then the trial's £0 invoice.
    expect(invoices.data.map((invoice) => [invoice.status, invoice.total])).toEqual([
      ['paid', 1200],
      ['paid', 0],
    ]);
    expect(invoices.data[0]?.status_transitions.paid_at).toEqual(expect.any(Number));
    expect(invoices.data[0]?.invoice_pdf).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invoice\/in_\w+\/pdf$/);
  });

  it('applies a promotion code when paying, and refuses an unknown or inactive one before anything changes', async () => {
    const organisationId = await newOrganisation();
    const card = standIn.state.createTestPaymentMethod();
    expect(
      await refusal(
        provider.subscribe(organisationId, { paymentMethodId: card.id, coupon: 'NOPE', quantity: 1 }),
      ),
    ).toBe(STRIPE_MESSAGES.couponUnknown);
    expect(
      await refusal(
        provider.subscribe(organisationId, {
          paymentMethodId: card.id,
          coupon: TEST_PROMOTION_CODES.inactive,
          quantity: 1,
        }),
      ),
    ).toBe(STRIPE_MESSAGES.couponUnknown);
    expect(standIn.state.paymentMethod(card.id).customer).toBeNull();
    expect(await provider.getSubscription(organisationId)).toBe('No Subscription');

    const paid = await provider.subscribe(organisationId, {
      paymentMethodId: card.id,
      coupon: ` ${TEST_PROMOTION_CODES.tenPercent.toLowerCase()} `,
      quantity: 5,
    });
    expect(paid.status).toBe('active');
    const [invoice] = (await provider.listInvoices(organisationId)).data;
    expect(invoice?.total).toBe(1350); // 5 × £3 less 10%
  });

  it('applies a promotion code to the live subscription; refuses one without a subscription or unknown', async () => {
    const organisationId = await newOrganisation();
    expect(await refusal(provider.applyPromotionCode(organisationId, TEST_PROMOTION_CODES.poundOff))).toBe(
      STRIPE_MESSAGES.noSubscription,
    );
    await provider.subscribe(organisationId, {
      paymentMethodId: standIn.state.createTestPaymentMethod().id,
      quantity: 1,
    });
    expect(await refusal(provider.applyPromotionCode(organisationId, 'UNKNOWN'))).toBe(
      STRIPE_MESSAGES.couponUnknown,
    );
    const updated = await provider.applyPromotionCode(organisationId, TEST_PROMOTION_CODES.poundOff);
    const stored = standIn.state.subscription(updated.id as string);
    expect(stored.discounts).toHaveLength(1);
  });

  it("refuses a declined card with Stripe's message and leaves neither card nor subscription", async () => {
    const organisationId = await newOrganisation();
    const declined = standIn.state.createTestPaymentMethod({ last4: DECLINED_CARD_LAST4 });
    expect(
      await refusal(provider.subscribe(organisationId, { paymentMethodId: declined.id, quantity: 1 })),
    ).toBe('Your card was declined.');
    expect(standIn.state.paymentMethod(declined.id).customer).toBeNull();
    expect(await provider.getSubscription(organisationId)).toBe('No Subscription');
    expect(await mirrorRows(organisationId)).toEqual([]);

    // Ending a trial with a declined card keeps the trial as it was.
    await provider.startTrial(organisationId, 1);
    const again = standIn.state.createTestPaymentMethod({ last4: DECLINED_CARD_LAST4 });
    expect(
      await refusal(provider.subscribe(organisationId, { paymentMethodId: again.id, quantity: 1 })),
    ).toBe('Your card was declined.');
    expect(asSubscription(await provider.getSubscription(organisationId)).status).toBe('trialing');
    expect((await mirrorRows(organisationId))[0]?.status).toBe('trialing');

    // Paying with the card already on file: a decline keeps it on file.
    const onFile = standIn.state.createTestPaymentMethod({ last4: DECLINED_CARD_LAST4 });
    await provider.attachPaymentMethod(organisationId, onFile.id);
    expect(
      await refusal(provider.subscribe(organisationId, { paymentMethodId: onFile.id, quantity: 1 })),
    ).toBe('Your card was declined.');
    expect((await provider.listPaymentMethods(organisationId)).data.map((method) => method.id)).toEqual([
      onFile.id,
    ]);
  });

  it('refuses a payment method Stripe does not know, or one that is not an id, without calling Stripe for the latter', async () => {
    const organisationId = await newOrganisation();
    expect(
      await refusal(provider.subscribe(organisationId, { paymentMethodId: 'pm_unknown123', quantity: 1 })),
    ).toBe(STRIPE_MESSAGES.paymentMethod);
    const calls = standIn.requests.length;
    expect(await refusal(provider.attachPaymentMethod(organisationId, '../v1/customers'))).toBe(
      STRIPE_MESSAGES.paymentMethod,
    );
    expect(standIn.requests.length).toBe(calls);
  });

  it("refuses another customer's card", async () => {
    const owner = await newOrganisation();
    const card = standIn.state.createTestPaymentMethod();
    await provider.attachPaymentMethod(owner, card.id);
    const other = await newOrganisation();
    expect(await refusal(provider.attachPaymentMethod(other, card.id))).toBe(STRIPE_MESSAGES.paymentMethod);
    expect(standIn.state.paymentMethod(card.id).customer).toBe(await customerIdOf(owner));
  });

  it('changes the quantity of the live subscription and mirrors it', async () => {
    const organisationId = await newOrganisation();
    await provider.startTrial(organisationId, 1);
    const updated = asSubscription(await provider.updateQuantity(organisationId, 7));
    expect(updated.items.data[0]?.quantity).toBe(7);
    expect((await mirrorRows(organisationId))[0]?.quantity).toBe(7);
    const subscription = standIn.state.subscription(updated.id as string);
    expect(subscription.items.data[0]?.quantity).toBe(7);
    expect(subscription.status).toBe('trialing');
  });

  it('cancels at once: No Subscription in Stripe and in the mirror, idempotently', async () => {
    const organisationId = await newOrganisation();
    const paid = await provider.subscribe(organisationId, {
      paymentMethodId: standIn.state.createTestPaymentMethod().id,
      quantity: 2,
    });
    expect(await provider.cancelSubscription(organisationId)).toBe('No Subscription');
    expect(standIn.state.subscription(paid.id as string).status).toBe('canceled');
    expect(await mirrorRows(organisationId)).toEqual([]);
    expect(await provider.getSubscription(organisationId)).toBe('No Subscription');
    expect(await provider.cancelSubscription(organisationId)).toBe('No Subscription');
    expect((await readPlanState(context.db, organisationId)).subscription).toBe('No Subscription');
  });

  it('replaces the card (one kept, the default first), and refuses removing it while a subscription is live', async () => {
    const organisationId = await newOrganisation();
    const first = standIn.state.createTestPaymentMethod({ last4: '4242' });
    await provider.subscribe(organisationId, { paymentMethodId: first.id, quantity: 1 });
    const second = standIn.state.createTestPaymentMethod({ brand: 'amex', last4: '8431' });
    const attached = await provider.attachPaymentMethod(organisationId, second.id);
    expect(attached.card).toMatchObject({ brand: 'amex', last4: '8431' });
    const listed = await provider.listPaymentMethods(organisationId);
    expect(listed.data.map((method) => method.id)).toEqual([second.id]);
    expect(standIn.state.paymentMethod(first.id).customer).toBeNull();
    const subscription = asSubscription(await provider.getSubscription(organisationId));
    expect(standIn.state.subscription(subscription.id as string).default_payment_method).toBe(second.id);

    expect(await refusal(provider.detachPaymentMethods(organisationId))).toBe(
      STRIPE_MESSAGES.detachWhileSubscribed,
    );
    expect(standIn.state.paymentMethod(second.id).customer).not.toBeNull();
    await provider.cancelSubscription(organisationId);
    await provider.detachPaymentMethods(organisationId);
    expect((await provider.listPaymentMethods(organisationId)).data).toEqual([]);
  });

  it("sends the browser to Stripe's own invoice PDF, only for the organisation's invoices", async () => {
    const organisationId = await newOrganisation();
    await provider.subscribe(organisationId, {
      paymentMethodId: standIn.state.createTestPaymentMethod().id,
      quantity: 1,
    });
    const [invoice] = (await provider.listInvoices(organisationId)).data;
    expect(await provider.invoicePdf(organisationId, invoice?.id as string)).toEqual({
      url: invoice?.invoice_pdf,
    });

    const other = await newOrganisation();
    await provider.getCustomer(other);
    expect(await provider.invoicePdf(other, invoice?.id as string)).toBeNull();
    expect(await provider.invoicePdf(organisationId, 'in_doesnotexist')).toBeNull();
    expect(await provider.invoicePdf(organisationId, '../secret')).toBeNull();
  });

  it('heals the mirror when reading the subscription (a change made in Stripe whose webhook was missed)', async () => {
    const organisationId = await newOrganisation();
    const trial = await provider.startTrial(organisationId, 1);
    standIn.state.setSubscriptionStatus(trial.id as string, 'past_due');
    expect(asSubscription(await provider.getSubscription(organisationId)).status).toBe('past_due');
    expect((await mirrorRows(organisationId))[0]?.status).toBe('past_due');
    standIn.state.setSubscriptionStatus(trial.id as string, 'canceled');
    expect(await provider.getSubscription(organisationId)).toBe('No Subscription');
    expect(await mirrorRows(organisationId)).toEqual([]);
  });

  it('writes the audit entry in the mirror transaction: a failing entry leaves the mirror unchanged', async () => {
    const organisationId = await newOrganisation();
    let audited = 0;
    await provider.startTrial(organisationId, 1, async (trx) => {
      audited += 1;
      expect(trx.isTransaction).toBe(true);
    });
    expect(audited).toBe(1);
    await expect(
      provider.updateQuantity(organisationId, 9, async () => {
        throw new Error('audit failed');
      }),
    ).rejects.toThrow('audit failed');
    expect((await mirrorRows(organisationId))[0]?.quantity).toBe(1);
  });

  it('forgets the organisation: the Stripe customer is deleted (its subscription cancelled) and the rows go', async () => {
    const organisationId = await newOrganisation();
    const trial = await provider.startTrial(organisationId, 1);
    const customerId = await customerIdOf(organisationId);
    await provider.forgetOrganisation(organisationId);
    expect(standIn.state.customer(customerId).deleted).toBe(true);
    expect(standIn.state.subscription(trial.id as string).status).toBe('canceled');
    expect(await mirrorRows(organisationId)).toEqual([]);
    expect(
      await context.db
        .selectFrom('billing_customers')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .execute(),
    ).toEqual([]);
    // Forgetting again (or a customer already gone from Stripe) is not an error.
    await provider.forgetOrganisation(organisationId);
  });

  it('makes a new customer when Stripe no longer has the stored one, keeping the trial taken', async () => {
    const organisationId = await newOrganisation();
    await provider.startTrial(organisationId, 1);
    const customerId = await customerIdOf(organisationId);
    standIn.state.deleteCustomer(customerId);
    const customer = await provider.getCustomer(organisationId);
    expect(customer.id).not.toBe(customerId);
    expect(await customerIdOf(organisationId)).toBe(customer.id);
    expect(await refusal(provider.startTrial(organisationId, 1))).toBe(STRIPE_MESSAGES.trialTaken);
  });

  it('sends every write with an idempotency key, so retries are never applied twice', async () => {
    const writes = standIn.requests.filter((request) => request.method === 'POST');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((request) => request.idempotencyKey !== null)).toBe(true);
  });
});
