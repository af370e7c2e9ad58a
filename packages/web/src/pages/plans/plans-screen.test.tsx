import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  buildPaymentMethod,
  buildSubscription,
  findCall,
  serveBilling,
} from '../../components/billing/testing/billing-fixtures.js';
import { notificationStore } from '../../lib/notification-store.js';
import { renderApp } from '../../test/render-app.js';

const notices = () => notificationStore.get().map((notification) => notification.message);
const card = (name: string) => screen.getByRole('article', { name });
const settingsOnBilling = async (router: ReturnType<typeof renderApp>['router']) => {
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings'));
  expect(router.state.location.state).toEqual({ fromPlans: true });
};

describe('/plans', () => {
  it('shows the Free and Team cards, Free marked current, and the trial offer until trialled', async () => {
    serveBilling();
    renderApp('/plans');
    expect(await screen.findByRole('heading', { name: 'Choose your best plan', level: 1 })).toBeTruthy();
    const free = within(card('Free'));
    expect(free.getAllByText('Current Plan')).toHaveLength(2);
    expect(free.getByText('25 secrets')).toBeTruthy();
    expect(free.getByRole('button', { name: 'Current Plan' }).hasAttribute('disabled')).toBe(true);
    const team = within(card('Team Plan'));
    expect(team.getByText('£3.00')).toBeTruthy();
    expect(team.getByText('per user per month')).toBeTruthy();
    expect(team.getByText('Billed monthly, cancel any time')).toBeTruthy();
    expect(team.getByText('Up to 50 users')).toBeTruthy();
    expect(await team.findByRole('button', { name: 'Take 30 days free on us!' })).toBeTruthy();
    expect(card('Team Plan').getAttribute('aria-current')).toBeNull();
  });

  it('offers no trial once the organisation has trialled', async () => {
    serveBilling({ customer: { metadata: { trialled: 'true' } } });
    renderApp('/plans');
    await screen.findByRole('button', { name: 'Choose Team Plan' });
    await waitFor(() => expect(screen.queryByText('Take 30 days free on us!')).toBeNull());
  });

  it('starts the trial with no body and goes to the settings on Billing', async () => {
    const calls = serveBilling({
      extra: {
        'POST /api/v1/billing_api/subscriptions': {
          body: buildSubscription({ status: 'trialing', trial_end: 1_800_000_000 }),
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Take 30 days free on us!' }));
    await settingsOnBilling(router);
    const post = findCall(calls, 'POST', '/api/v1/billing_api/subscriptions');
    expect(post?.init.body).toBeUndefined();
    expect(notices()).toContain('Your 30-day free trial of the Team Plan has started.');
  });

  it('shows a refused trial as an error and stays', async () => {
    serveBilling({
      extra: {
        'POST /api/v1/billing_api/subscriptions': {
          status: 400,
          body: { errors: ['The free trial has already been used.'] },
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Take 30 days free on us!' }));
    await waitFor(() => expect(notices()).toContain('The free trial has already been used.'));
    expect(router.state.location.pathname).toBe('/plans');
  });

  it("goes back to the settings with 'I'm fine with my current Plan'", async () => {
    serveBilling();
    const user = userEvent.setup();
    const { router } = renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: "I'm fine with my current Plan" }));
    await settingsOnBilling(router);
  });

  it('pays for the Team Plan with a card, the address prefilled from the stored card, and a coupon', async () => {
    const calls = serveBilling({
      methods: [buildPaymentMethod()],
      extra: {
        'POST /api/v1/billing_api/test_payment_methods': { body: buildPaymentMethod({ id: 'pm_new' }) },
        'POST /api/v1/billing_api/subscriptions': { body: buildSubscription() },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Choose Team Plan' }));
    const form = await screen.findByRole('form', { name: 'Payment Details' });
    expect(within(form).getByLabelText<HTMLInputElement>('Full Name').value).toBe('Ada Lovelace');
    expect(within(form).getByLabelText<HTMLInputElement>('Address Line 1').value).toBe('1 Main Street');
    expect(within(form).getByLabelText<HTMLSelectElement>('Country').value).toBe('GB');
    expect(within(form).getByText('1 account × £3.00 = £3.00 per month')).toBeTruthy();
    await user.type(within(form).getByLabelText('Card Number'), '4242 4242 4242 4242');
    await user.type(within(form).getByLabelText('Expiry'), '04/30');
    await user.type(within(form).getByLabelText('CVC'), '123');
    await user.type(within(form).getByLabelText('Coupon'), 'WELCOME10');
    await user.click(within(form).getByRole('button', { name: 'Subscribe' }));

    await settingsOnBilling(router);
    expect(bodyOf(findCall(calls, 'POST', '/api/v1/billing_api/test_payment_methods'))).toEqual({
      card: { number: '4242424242424242', exp_month: 4, exp_year: 2030, cvc: '123' },
      billing_details: {
        name: 'Ada Lovelace',
        address: {
          line1: '1 Main Street',
          line2: null,
          city: 'London',
          country: 'GB',
          postal_code: 'N1 1AA',
        },
      },
    });
    expect(bodyOf(findCall(calls, 'POST', '/api/v1/billing_api/subscriptions'))).toEqual({
      stripeId: 'pm_new',
      coupon: 'WELCOME10',
    });
    expect(notices()).toContain('Billing information has been successfully updated');
  });

  it('shows a string answer to the payment as an error in the form, which leaves its busy state', async () => {
    serveBilling({
      methods: [buildPaymentMethod()],
      extra: {
        'POST /api/v1/billing_api/test_payment_methods': { body: buildPaymentMethod({ id: 'pm_new' }) },
        'POST /api/v1/billing_api/subscriptions': { body: 'No such coupon: NOPE' },
      },
    });
    const user = userEvent.setup();
    renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Choose Team Plan' }));
    await user.type(await screen.findByLabelText('Card Number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry'), '04/30');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No such coupon: NOPE');
    expect(screen.getByRole('button', { name: 'Subscribe' }).hasAttribute('disabled')).toBe(false);
  });

  it('goes back to the cards with Back and with Escape', async () => {
    serveBilling();
    const user = userEvent.setup();
    renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Choose Team Plan' }));
    await screen.findByRole('form', { name: 'Payment Details' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Team Plan' }));
    await screen.findByRole('form', { name: 'Payment Details' });
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('article', { name: 'Free' })).toBeTruthy();
  });

  it('cancels from the Team Plan after the confirmation, then goes to the settings', async () => {
    const calls = serveBilling({
      subscription: buildSubscription(),
      extra: { 'DELETE /api/v1/billing_api/subscriptions': { body: 'No Subscription' } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/plans');
    expect(await screen.findByRole('article', { name: 'Team Plan' })).toBeTruthy();
    expect(card('Team Plan').getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Choose Free' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to cancel your subscription?',
    });
    expect(within(dialog).getByText('You will not be charged for time after this.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await settingsOnBilling(router);
    expect(findCall(calls, 'DELETE', '/api/v1/billing_api/subscriptions')).toBeTruthy();
  });

  it('keeps the subscription when the confirmation is dismissed', async () => {
    const calls = serveBilling({ subscription: buildSubscription() });
    const user = userEvent.setup();
    renderApp('/plans');
    await user.click(await screen.findByRole('button', { name: 'Cancel Team Plan' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(findCall(calls, 'DELETE', '/api/v1/billing_api/subscriptions')).toBeUndefined();
  });

  it('goes to / without subscription data', async () => {
    serveBilling({ subscription: { status: 500 } });
    const { router } = renderApp('/plans');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("says 'Uh oh, that wasn't supposed to happen.' for an answer it does not know", async () => {
    serveBilling({ subscription: { body: { unexpected: true } } });
    renderApp('/plans');
    expect((await screen.findByRole('alert')).textContent).toBe("Uh oh, that wasn't supposed to happen.");
  });

  it('sends a user who is not an administrator to /', async () => {
    serveBilling({ profile: { administrator: false } });
    const { router } = renderApp('/plans');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('does not exist when billing is off: / instead', async () => {
    const calls = serveBilling({ mode: 'off' });
    const { router } = renderApp('/plans');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(findCall(calls, 'GET', '/api/v1/billing_api/subscriptions')).toBeUndefined();
  });
});
