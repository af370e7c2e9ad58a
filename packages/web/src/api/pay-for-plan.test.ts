import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { payForPlan } from './pay-for-plan.js';

const SUBSCRIPTIONS = '/api/v1/billing_api/subscriptions';
const active = {
  id: 'sub_1',
  status: 'active',
  billing_cycle_anchor: 1,
  plan: { nickname: 'CofferPaid' },
  items: { data: [] },
};
const pending = {
  ...active,
  status: 'incomplete',
  payment_intent: { status: 'requires_action', client_secret: 'pi_1_secret_x' },
};
const AUTH_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

describe('paying for the Team Plan', () => {
  it('answers the plan at once when the card needs no authentication', async () => {
    const calls = mockFetch({ [`POST ${SUBSCRIPTIONS}`]: { body: active } });
    const authenticate = vi.fn();
    expect(await payForPlan({ stripeId: 'pm_1' }, authenticate)).toEqual(active);
    expect(authenticate).not.toHaveBeenCalled();
    expect(calls.map((call) => call.path)).toEqual([SUBSCRIPTIONS]);
  });

  it('lets the cardholder authenticate, then takes the plan from the server, not from the browser', async () => {
    const calls = mockFetch({
      [`POST ${SUBSCRIPTIONS}`]: { body: pending },
      [`POST ${SUBSCRIPTIONS}/confirm`]: { body: active },
    });
    const authenticate = vi.fn(async () => undefined);
    expect(await payForPlan({ stripeId: 'pm_1', coupon: 'TEAM10' }, authenticate)).toEqual(active);
    expect(authenticate).toHaveBeenCalledWith('pi_1_secret_x');
    expect(calls.map((call) => call.path)).toEqual([SUBSCRIPTIONS, `${SUBSCRIPTIONS}/confirm`]);
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ subscriptionId: 'sub_1' });
  });

  it("asks the server even when authentication failed, and shows the server's reason", async () => {
    const calls = mockFetch({
      [`POST ${SUBSCRIPTIONS}`]: { body: pending },
      [`POST ${SUBSCRIPTIONS}/confirm`]: { status: 400, body: { errors: [AUTH_FAILED] } },
    });
    const authenticate = vi.fn(async () => {
      throw new Error('failed in Stripe.js');
    });
    await expect(payForPlan({ stripeId: 'pm_1' }, authenticate)).rejects.toMatchObject({
      status: 400,
      serverMessage: AUTH_FAILED,
    });
    expect(calls.map((call) => call.path)).toEqual([SUBSCRIPTIONS, `${SUBSCRIPTIONS}/confirm`]);
  });
});
