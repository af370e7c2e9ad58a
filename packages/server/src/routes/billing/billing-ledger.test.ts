import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalProvider } from '../../billing/local/local-provider.js';
import { readPlanState } from '../../billing/plan-state.js';
import { auditActions as organisationAudit } from '../../test/audit-rows.js';
import {
  BILLING_API,
  buildBillingOrganisation,
  makePaymentMethod,
  subscribe,
} from '../../test/billing-fixtures.js';
import { callApi } from '../../test/chest-scenario.js';
import { buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe('the local ledger', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestContext({ env: { BILLING: 'local' } });
  });
  afterAll(async () => {
    await context.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    callApi(context.app, token, method, `${BILLING_API}${path}`, payload);

  /** An organisation with its owner and `extra` more users: 1 + extra accounts. */
  async function organisationOf(extra = 0) {
    const made = await buildBillingOrganisation(context.db);
    for (let i = 0; i < extra; i += 1) await buildUser(context.db, { organisation_id: made.organisationId });
    return made;
  }

  const auditActions = (organisationId: string) => organisationAudit(context.db, { organisationId });

  it('gives the 30-day trial once, for the accounts the organisation has', async () => {
    const { ownerToken, organisationId } = await organisationOf(1);
    const before = Date.now();
    const trial = (await call(ownerToken, 'POST', '/subscriptions')).json();
    expect(trial).toMatchObject({
      status: 'trialing',
      plan: { nickname: 'CofferPaid' },
      items: { data: [{ price: { unit_amount: 300 }, quantity: 2 }] },
    });
    expect(trial.trial_end - trial.billing_cycle_anchor).toBe(30 * 24 * 60 * 60);
    expect(trial.billing_cycle_anchor * 1000).toBeGreaterThanOrEqual(before - 1000);

    const again = await call(ownerToken, 'POST', '/subscriptions');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errors: ['You have already used your free trial.'] });
    await call(ownerToken, 'DELETE', '/subscriptions');
    const afterCancel = await call(ownerToken, 'POST', '/subscriptions');
    expect(afterCancel.json()).toEqual({ errors: ['You have already used your free trial.'] });
    expect(await auditActions(organisationId)).toEqual([
      'Started the 30-day Team Plan trial',
      'Cancelled the Team Plan subscription',
    ]);
  });

  it('refuses a trial or a second subscription while one is paid for', async () => {
    const { ownerToken } = await organisationOf();
    await subscribe(context.app, ownerToken);
    const trial = await call(ownerToken, 'POST', '/subscriptions');
    expect(trial.json()).toEqual({ errors: ['You already have a subscription.'] });
    const stripeId = await makePaymentMethod(context.app, ownerToken);
    const twice = await call(ownerToken, 'POST', '/subscriptions', { stripeId });
    expect(twice.json()).toEqual({ errors: ['You already have a subscription.'] });
  });

  it('ends a running trial when the organisation pays, with the first invoice paid at once', async () => {
    const { ownerToken, organisationId } = await organisationOf(2);
    const trial = (await call(ownerToken, 'POST', '/subscriptions')).json();
    const paid = await subscribe(context.app, ownerToken, 'WELCOME10');
    expect(paid).toMatchObject({ id: trial.id, status: 'active', items: { data: [{ quantity: 3 }] } });
    const invoices = (await call(ownerToken, 'GET', '/invoices')).json().data;
    expect(invoices).toEqual([
      expect.objectContaining({
        status: 'paid',
        subtotal: 900,
        total: 810,
        invoice_pdf: `/api/v1/billing_api/invoices/${invoices[0].id}/pdf`,
        status_transitions: { paid_at: expect.any(Number) },
      }),
    ]);
    expect(await auditActions(organisationId)).toEqual([
      'Started the 30-day Team Plan trial',
      'Subscribed to the Team Plan with coupon WELCOME10',
    ]);
  });

  it.each([
    ['WELCOME10', 810],
    ['HALFPRICE', 450],
    ['POUNDOFF', 800],
    [' welcome10 ', 810],
  ])('discounts an invoice of 3 accounts by coupon %s to %i pence', async (coupon, total) => {
    const { ownerToken } = await organisationOf(2);
    await subscribe(context.app, ownerToken, coupon);
    const [invoice] = (await call(ownerToken, 'GET', '/invoices')).json().data;
    expect(invoice.total).toBe(total);
  });

  it.each([
    ['NOSUCHCODE', 'This coupon code is not valid.'],
    ['EXPIRED20', 'This coupon code has expired.'],
  ])('refuses coupon %s with a clear message and writes nothing', async (coupon, message) => {
    const { ownerToken, organisationId } = await organisationOf();
    const stripeId = await makePaymentMethod(context.app, ownerToken);
    const response = await call(ownerToken, 'POST', '/subscriptions', { stripeId, coupon });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [message] });
    expect((await call(ownerToken, 'GET', '/subscriptions')).json()).toBe('No Subscription');
    expect((await call(ownerToken, 'GET', '/customers/payment_method')).json().data).toEqual([]);
    expect(await auditActions(organisationId)).toEqual([]);
    const promotion = await call(ownerToken, 'POST', '/subscriptions/promotion_update', {
      promotion_code: coupon,
    });
    expect(promotion.json()).toEqual({ errors: [message] });
  });

  it('applies a promotion code to the next invoices, and refuses one without a subscription', async () => {
    const { ownerToken, organisationId } = await organisationOf();
    const none = await call(ownerToken, 'POST', '/subscriptions/promotion_update', {
      promotion_code: 'POUNDOFF',
    });
    expect(none.json()).toEqual({ errors: ['You have no subscription.'] });
    const blank = await call(ownerToken, 'POST', '/subscriptions/promotion_update', { promotion_code: ' ' });
    expect(blank.json()).toEqual({ errors: ['Required field Coupon is empty.'] });
    await subscribe(context.app, ownerToken);
    const applied = (
      await call(ownerToken, 'POST', '/subscriptions/promotion_update', { promotion_code: 'poundoff' })
    ).json();
    expect(applied.discount).toEqual({
      coupon: { id: 'POUNDOFF', name: '£1.00 off', percent_off: null, amount_off: 100 },
    });
    expect(await auditActions(organisationId)).toContain('Applied coupon POUNDOFF');
  });

  it('wants a card to pay with a coupon', async () => {
    const { ownerToken } = await organisationOf();
    const response = await call(ownerToken, 'POST', '/subscriptions', { coupon: 'WELCOME10' });
    expect(response.json()).toEqual({ errors: ['A payment method is required to subscribe.'] });
  });

  it('keeps the card while subscribed and removes it only after cancelling', async () => {
    const { ownerToken, organisationId } = await organisationOf();
    const paid = await subscribe(context.app, ownerToken);
    const [card] = (await call(ownerToken, 'GET', '/customers/payment_method')).json().data;
    expect(paid.default_payment_method).toBe(card.id);
    const refused = await call(ownerToken, 'POST', '/customers/destroy_payment_method');
    expect(refused.json()).toEqual({
      errors: ['You cannot remove your payment details while you have a subscription.'],
    });
    expect((await call(ownerToken, 'DELETE', '/subscriptions')).json()).toBe('No Subscription');
    await call(ownerToken, 'POST', '/customers/destroy_payment_method');
    expect((await call(ownerToken, 'GET', '/customers/payment_method')).json().data).toEqual([]);
    // Cancelling and removing the card can fall in one millisecond: their ids still order them.
    expect(await auditActions(organisationId)).toEqual([
      'Subscribed to the Team Plan',
      'Cancelled the Team Plan subscription',
      'Removed the payment method',
    ]);
  });

  it("renders an invoice's PDF with its figures, for its organisation only", async () => {
    const { ownerToken } = await organisationOf(1);
    await subscribe(context.app, ownerToken, 'HALFPRICE');
    const [invoice] = (await call(ownerToken, 'GET', '/invoices')).json().data;
    const response = await callApi(context.app, ownerToken, 'GET', invoice.invoice_pdf);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(response.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe(`Coffer invoice ${invoice.id}`);

    const other = await organisationOf();
    expect((await callApi(context.app, other.ownerToken, 'GET', invoice.invoice_pdf)).statusCode).toBe(404);
    expect((await call(ownerToken, 'GET', '/invoices/in_ffffffffffffffffffffffff/pdf')).statusCode).toBe(404);
    expect((await call(ownerToken, 'GET', '/invoices/not-an-id/pdf')).statusCode).toBe(404);
  });
});

describe('the local ledger over time', () => {
  let context: TestContext;
  let clock: Date;

  beforeAll(async () => {
    context = await createTestContext({ env: { BILLING: 'local' } });
  });
  afterAll(async () => {
    await context.close();
  });

  const ledger = () => createLocalProvider({ db: context.db, now: () => clock });
  const later = (days: number) => {
    clock = new Date(clock.getTime() + days * DAY);
  };

  async function cardFor(organisationId: string): Promise<string> {
    const card = await ledger().createTestPaymentMethod(organisationId, {
      card: { number: '4242424242424242', exp_month: 12, exp_year: clock.getUTCFullYear() + 3, cvc: '123' },
      billing_details: {
        name: 'Ada',
        address: { line1: '1 Row', line2: null, city: 'London', country: 'GB', postal_code: null },
      },
    });
    return card.id;
  }

  it('invoices every elapsed period once, at the quantity and coupon in force when it began', async () => {
    clock = new Date('2025-01-31T09:00:00.000Z');
    const { organisationId } = await buildBillingOrganisation(context.db);
    await ledger().subscribe(organisationId, { paymentMethodId: await cardFor(organisationId), quantity: 1 });
    later(45); // 17 March: periods from 28 February
    await buildUser(context.db, { organisation_id: organisationId });
    await ledger().updateQuantity(organisationId, 2);
    await ledger().applyPromotionCode(organisationId, 'HALFPRICE');
    later(20); // 6 April: the period of 31 March began with 2 accounts and the coupon

    const all = await Promise.all([1, 2, 3].map(() => ledger().listInvoices(organisationId)));
    for (const list of all) expect(list.data).toHaveLength(3);
    const invoices = (await ledger().listInvoices(organisationId)).data;
    expect(
      invoices.map((invoice) => [new Date((invoice.period_start ?? 0) * 1000).toISOString(), invoice.total]),
    ).toEqual([
      ['2025-03-31T09:00:00.000Z', 300],
      ['2025-02-28T09:00:00.000Z', 300],
      ['2025-01-31T09:00:00.000Z', 300],
    ]);
    expect(invoices[0]?.lines.data[0]).toMatchObject({
      quantity: 2,
      amount: 600,
      price: { unit_amount: 300 },
    });
    const subscription = await ledger().getSubscription(organisationId);
    expect(subscription).toMatchObject({
      current_period_start: Date.parse('2025-03-31T09:00:00.000Z') / 1000,
      current_period_end: Date.parse('2025-04-30T09:00:00.000Z') / 1000,
    });
  });

  it('stops invoicing once cancelled', async () => {
    clock = new Date('2025-06-01T00:00:00.000Z');
    const { organisationId } = await buildBillingOrganisation(context.db);
    await ledger().subscribe(organisationId, { paymentMethodId: await cardFor(organisationId), quantity: 1 });
    later(10);
    await ledger().cancelSubscription(organisationId);
    later(90);
    expect((await ledger().listInvoices(organisationId)).data).toHaveLength(1);
  });

  it('lets a trial that ends without payment lapse to no plan, keeping the customer trialled', async () => {
    clock = new Date('2025-03-01T12:00:00.000Z');
    const { organisationId } = await buildBillingOrganisation(context.db);
    await ledger().startTrial(organisationId, 1);
    later(29);
    expect(await ledger().getSubscription(organisationId)).toMatchObject({ status: 'trialing' });
    later(2);
    // The limits and the profile read the lapse at once, before the ledger records it.
    expect((await readPlanState(context.db, organisationId, clock)).subscription).toBe('No Subscription');
    expect(await ledger().getSubscription(organisationId)).toBe('No Subscription');
    const row = await context.db
      .selectFrom('billing_subscriptions')
      .select(['status', 'ended_at', 'trial_end'])
      .where('organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'canceled',
      ended_at: row.trial_end,
      trial_end: '2025-03-31T12:00:00.000Z',
    });
    expect(await ledger().getCustomer(organisationId)).toMatchObject({ metadata: { trialled: 'true' } });
    expect((await ledger().listInvoices(organisationId)).data).toEqual([]);
    await expect(ledger().startTrial(organisationId, 1)).rejects.toThrow(
      'You have already used your free trial.',
    );
  });
});
