import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../billing/stripe/stripe-client.js';
import type { StripeStandIn } from './stripe-stand-in.js';
import { startSeededStripeStandIn } from './stripe-test-setup.js';

// The stand-in as the official SDK sees it: Stripe's conventions hold, so provider tests mean something.
describe('the Stripe stand-in', () => {
  let standIn: StripeStandIn;
  let stripe: Stripe;

  beforeAll(async () => {
    standIn = await startSeededStripeStandIn();
    stripe = createStripeClient({ stripeSecretKey: standIn.secretKey, stripeApiBase: standIn.url });
  });
  afterAll(async () => {
    await standIn.close();
  });

  it('refuses a wrong secret key as Stripe does (401, an authentication error in the SDK)', async () => {
    const stranger = createStripeClient({ stripeSecretKey: 'sk_test_wrong', stripeApiBase: standIn.url });
    await expect(stranger.customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('reads form-encoded bracket parameters and answers in Stripe shapes', async () => {
    const customer = await stripe.customers.create({
      metadata: { coffer_organisation_id: 'org-1', note: 'a&b=c' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      metadata: { coffer_organisation_id: 'org-1', note: 'a&b=c' },
    });
    const updated = await stripe.customers.update(customer.id, { metadata: { note: '' } });
    expect(updated.metadata).toEqual({ coffer_organisation_id: 'org-1' });
    const [request] = standIn.requests.filter((entry) => entry.path === '/v1/customers');
    expect(request?.params).toEqual({ metadata: { coffer_organisation_id: 'org-1', note: 'a&b=c' } });
  });

  it('replays the first answer to a repeated Idempotency-Key', async () => {
    const first = await stripe.customers.create({}, { idempotencyKey: 'same-key' });
    const second = await stripe.customers.create({}, { idempotencyKey: 'same-key' });
    expect(second.id).toBe(first.id);
  });

  it('lists with limit and has_more, and filters prices by lookup key', async () => {
    const customer = await stripe.customers.create({});
    for (let index = 0; index < 3; index += 1) {
      await stripe.paymentMethods.attach(standIn.state.createTestPaymentMethod().id, {
        customer: customer.id,
      });
    }
    const page = await stripe.customers.listPaymentMethods(customer.id, { type: 'card', limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const prices = await stripe.prices.list({ lookup_keys: ['coffer_team_monthly'], active: true });
    expect(prices.data.map((price) => price.nickname)).toEqual(['CofferPaid']);
    expect((await stripe.prices.list({ lookup_keys: ['other'] })).data).toEqual([]);
  });

  it("answers unknown objects and paths with Stripe's errors", async () => {
    const missing = await stripe.invoices.retrieve('in_missing').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((missing as Stripe.errors.StripeError).code).toBe('resource_missing');
    expect((missing as Stripe.errors.StripeError).statusCode).toBe(404);
    const unknownPath = await stripe.balance.retrieve().catch((error: unknown) => error);
    expect((unknownPath as Stripe.errors.StripeError).statusCode).toBe(404);
  });

  it('signs events so that the SDK verifies them', () => {
    const payload = JSON.stringify(
      standIn.event('invoice.paid', { id: 'in_1', object: 'invoice', customer: 'cus_1' }),
    );
    const header = standIn.sign(payload, 'whsec_test');
    const event = stripe.webhooks.constructEvent(payload, header, 'whsec_test');
    expect(event.type).toBe('invoice.paid');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
