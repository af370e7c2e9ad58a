import { FREE_PLAN_CARD, NO_PERMISSION_MESSAGE, TEAM_PLAN_CARD } from '@coffer/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_API,
  type BillingOrganisation,
  buildBillingRoles,
  makePaymentMethod,
  subscribe,
  testCard,
} from '../../test/billing-fixtures.js';
import { callApi } from '../../test/chest-scenario.js';
import { buildSession, buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

// Every billing call of spec section 7 (and api.md's), with a body that would be accepted.
const CALLS: [name: string, method: Method, path: string, payload?: object][] = [
  ['prices', 'GET', '/prices'],
  ['show subscription', 'GET', '/subscriptions'],
  ['start trial', 'POST', '/subscriptions'],
  ['change subscription', 'PATCH', '/subscriptions', { stripeDetails: {} }],
  ['cancel subscription', 'DELETE', '/subscriptions'],
  ['promotion code', 'POST', '/subscriptions/promotion_update', { promotion_code: 'WELCOME10' }],
  ['show customer', 'GET', '/customers'],
  ['list payment methods', 'GET', '/customers/payment_method'],
  ['add payment method', 'POST', '/customers/payment_method', { stripeId: 'pm_0' }],
  ['update payment method', 'POST', '/customers/update_payment_method', { stripeId: 'pm_0' }],
  ['destroy payment method', 'POST', '/customers/destroy_payment_method'],
  ['invoices', 'GET', '/invoices'],
  ['invoice pdf', 'GET', '/invoices/in_000000000000000000000000/pdf'],
  ['test payment method', 'POST', '/test_payment_methods', testCard()],
];

describe('billing calls (BILLING=local)', () => {
  let context: TestContext;
  let organisation: BillingOrganisation;

  beforeAll(async () => {
    context = await createTestContext({ env: { BILLING: 'local' } });
    organisation = await buildBillingRoles(context.db);
  });
  afterAll(async () => {
    await context.close();
  });

  const call = (token: string, method: Method, path: string, payload?: object) =>
    callApi(context.app, token, method, `${BILLING_API}${path}`, payload);

  it.each(CALLS)(
    '%s: a member is refused, as on every administrators-only call',
    async (_name, method, path, payload) => {
      const response = await call(organisation.tokens.member, method, path, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: NO_PERMISSION_MESSAGE });
    },
  );

  it('writes nothing for a refused member', async () => {
    const rows = await Promise.all(
      (
        ['billing_customers', 'billing_subscriptions', 'billing_payment_methods', 'billing_invoices'] as const
      ).map((table) =>
        context.db
          .selectFrom(table)
          .selectAll()
          .where('organisation_id', '=', organisation.organisationId)
          .execute(),
      ),
    );
    expect(rows.flat()).toEqual([]);
  });

  it('answers the configuration to every signed-in user', async () => {
    for (const token of Object.values(organisation.tokens)) {
      const response = await call(token, 'GET', '/config');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ mode: 'local', publishable_key: null });
    }
    expect((await context.app.inject({ method: 'GET', url: `${BILLING_API}/config` })).statusCode).toBe(401);
  });

  it('answers the plan cards', async () => {
    const response = await call(organisation.tokens.administrator, 'GET', '/prices');
    expect(response.json()).toEqual({ items: [FREE_PLAN_CARD, TEAM_PLAN_CARD] });
  });

  it.each(['owner', 'administrator'] as const)('lets the %s run the whole billing flow', async (role) => {
    // Each role on an organisation of its own, so one flow does not see the other's trial.
    const own = await buildBillingRoles(context.db);
    const token = own.tokens[role];
    const ok = async (method: Method, path: string, payload?: object) => {
      const response = await call(token, method, path, payload);
      expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
      return response.json();
    };
    expect(await ok('GET', '/subscriptions')).toBe('No Subscription');
    expect(await ok('GET', '/customers')).toMatchObject({ id: expect.stringMatching(/^cus_/), metadata: {} });
    const trial = await ok('POST', '/subscriptions');
    expect(trial).toMatchObject({ status: 'trialing', plan: { nickname: 'CofferPaid' } });
    expect(await ok('GET', '/customers')).toMatchObject({ metadata: { trialled: 'true' } });

    const card = await makePaymentMethod(context.app, token);
    expect(await ok('POST', '/customers/payment_method', { stripeId: card })).toMatchObject({
      id: card,
      card: { brand: 'visa', last4: '4242' },
    });
    const other = await makePaymentMethod(context.app, token, testCard({ number: '5555555555554444' }));
    expect(await ok('POST', '/customers/update_payment_method', { stripeId: other })).toMatchObject({
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect((await ok('GET', '/customers/payment_method')).data).toHaveLength(1);

    const paid = await ok('POST', '/subscriptions', { stripeId: other, coupon: 'welcome10' });
    expect(paid).toMatchObject({
      status: 'active',
      discount: { coupon: { id: 'WELCOME10', percent_off: 10 } },
    });
    expect(
      await ok('POST', '/subscriptions/promotion_update', { promotion_code: 'HALFPRICE' }),
    ).toMatchObject({
      discount: { coupon: { id: 'HALFPRICE' } },
    });
    expect(await ok('PATCH', '/subscriptions', { stripeDetails: {} })).toMatchObject({
      items: { data: [{ quantity: 3 }] },
    });
    const invoices = await ok('GET', '/invoices');
    expect(invoices.data).toHaveLength(1);
    const pdf = await call(
      token,
      'GET',
      new URL(invoices.data[0].invoice_pdf, 'http://x').pathname.replace(BILLING_API, ''),
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const refused = await call(token, 'POST', '/customers/destroy_payment_method');
    expect(refused.statusCode).toBe(400);
    expect(await ok('DELETE', '/subscriptions')).toBe('No Subscription');
    expect(await ok('POST', '/customers/destroy_payment_method')).toEqual({ data: [], has_more: false });
  });

  it("does not find another organisation's invoice or payment method", async () => {
    const theirs = await buildBillingRoles(context.db);
    await subscribe(context.app, theirs.tokens.owner);
    const [invoice] = (await call(theirs.tokens.owner, 'GET', '/invoices')).json().data;
    const card = await makePaymentMethod(context.app, theirs.tokens.owner);

    const pdf = await callApi(context.app, organisation.tokens.owner, 'GET', invoice.invoice_pdf);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toEqual({ error: 'Not found' });
    const attach = await call(organisation.tokens.owner, 'POST', '/customers/payment_method', {
      stripeId: card,
    });
    expect(attach.statusCode).toBe(400);
    expect(attach.json()).toEqual({ errors: ['Payment method not found.'] });
    const pay = await call(organisation.tokens.owner, 'POST', '/subscriptions', { stripeId: card });
    expect(pay.statusCode).toBe(400);
    expect(
      await context.db
        .selectFrom('billing_payment_methods')
        .select('id')
        .where('provider_payment_method_id', '=', card)
        .execute(),
    ).toHaveLength(1);
  });

  it('carries the plan on the profile: trialled, subscription and subscribed', async () => {
    const own = await buildBillingRoles(context.db);
    const profile = async () =>
      (await callApi(context.app, own.tokens.member, 'GET', '/api/v1/profile')).json();
    expect(await profile()).toMatchObject({
      trialled: false,
      subscription: 'No Subscription',
      subscribed: false,
    });
    await call(own.tokens.owner, 'POST', '/subscriptions');
    expect(await profile()).toMatchObject({
      trialled: true,
      subscription: { status: 'trialing', plan: { nickname: 'CofferPaid' } },
      subscribed: false,
    });
    await subscribe(context.app, own.tokens.owner);
    expect(await profile()).toMatchObject({
      trialled: true,
      subscription: { status: 'active' },
      subscribed: true,
    });
  });
});

describe('billing calls (BILLING=off)', () => {
  let context: TestContext;
  let token: string;

  beforeAll(async () => {
    context = await createTestContext({ env: { BILLING: 'off' } });
    token = await buildSession(context.db, await buildUser(context.db, { administrator: true }));
  });
  afterAll(async () => {
    await context.close();
  });

  it.each(CALLS)('%s: not found', async (_name, method, path, payload) => {
    const response = await callApi(context.app, token, method, `${BILLING_API}${path}`, payload);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found' });
  });

  it('answers the configuration, and the profile carries no plan', async () => {
    const config = await callApi(context.app, token, 'GET', `${BILLING_API}/config`);
    expect(config.json()).toEqual({ mode: 'off', publishable_key: null });
    const profile = (await callApi(context.app, token, 'GET', '/api/v1/profile')).json();
    expect(profile).not.toHaveProperty('subscription');
    expect(profile).not.toHaveProperty('trialled');
  });
});

describe('billing calls (BILLING=stripe)', () => {
  let context: TestContext;
  let token: string;

  beforeAll(async () => {
    // Nothing here reaches Stripe: the API base is a closed local port.
    context = await createTestContext({
      env: {
        BILLING: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_coffer',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_coffer',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
    });
    token = await buildSession(context.db, await buildUser(context.db, { administrator: true }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('has no test cards, and gives the browser the publishable key', async () => {
    const cards = await callApi(
      context.app,
      token,
      'POST',
      `${BILLING_API}/test_payment_methods`,
      testCard(),
    );
    expect(cards.statusCode).toBe(404);
    const config = await callApi(context.app, token, 'GET', `${BILLING_API}/config`);
    expect(config.json()).toEqual({ mode: 'stripe', publishable_key: 'pk_test_coffer' });
  });
});
