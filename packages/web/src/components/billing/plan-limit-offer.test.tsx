import { FREE_PLAN_LIMIT_NOTICE } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useBillingState } from '../../api/billing-queries.js';
import { notificationStore } from '../../lib/notification-store.js';
import { useSession } from '../../session/use-session.js';
import { renderApp } from '../../test/render-app.js';
import type { BillingServer } from './testing/billing-fixtures.js';
import { buildSubscription, findCall, serveBilling } from './testing/billing-fixtures.js';
import { usePlanLimitOffer } from './use-plan-limit-offer.js';

vi.mock('../strength/password-strength-meter.js', () => ({ PasswordStrengthMeter: () => null }));

const notices = () => notificationStore.get().map((notification) => notification.message);
const everyone = {
  id: 't-1',
  name: 'Everyone',
  default_for_new_users: true,
  memberships: [],
  assignments: [],
  created_at: '',
  updated_at: '',
};

// A new chest refused by the free plan, from the admin chest form.
async function refuseSecondChest(server: BillingServer = {}) {
  const calls = serveBilling({
    ...server,
    extra: {
      'GET /api/v1/teams.json': { body: { items: [everyone], total: 1 } },
      'GET /api/v1/teams/t-1.json': { body: everyone },
      'GET /api/v1/vaults.json': { body: { items: [], total: 0 } },
      'POST /api/v1/vaults.json': { status: 400, body: { errors: ['Chests exceed subscription limit.'] } },
      ...server.extra,
    },
  });
  const user = userEvent.setup();
  const app = renderApp('/admin/chests/new');
  await user.type(await screen.findByLabelText('Name'), 'Second');
  await user.click(screen.getByRole('button', { name: 'Link Teams' }));
  const dialog = await screen.findByRole('dialog', { name: 'Link Teams' });
  await user.click(await within(dialog).findByRole('checkbox', { name: 'Everyone' }));
  await user.click(within(dialog).getByRole('button', { name: 'Link' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return { calls, user, ...app };
}

// A screen that hits the limit on a click, once the session and billing are known.
function HitTheLimit() {
  const offer = usePlanLimitOffer();
  const { profile } = useSession();
  const { settled } = useBillingState();
  const ready = profile !== undefined && settled;
  return (
    <button type="button" disabled={!ready} onClick={offer}>
      Hit the limit
    </button>
  );
}

describe('the free plan limit', () => {
  it('shows the notification and offers the Team Plan, whose Activate Plan starts the trial', async () => {
    const { calls, user, router } = await refuseSecondChest({
      extra: {
        'POST /api/v1/billing_api/subscriptions': { body: buildSubscription({ status: 'trialing' }) },
      },
    });
    await waitFor(() => expect(notices()).toContain(FREE_PLAN_LIMIT_NOTICE));
    const offer = within(await screen.findByRole('dialog', { name: 'Upgrade to the Team Plan' }));
    expect(offer.getByText('£3.00 per user per month')).toBeTruthy();
    expect(await offer.findByText('Take 30 days free on us!')).toBeTruthy();
    await waitFor(() =>
      expect(offer.getByRole('button', { name: 'Activate Plan' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(offer.getByRole('button', { name: 'Activate Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/settings'));
    expect(findCall(calls, 'POST', '/api/v1/billing_api/subscriptions')?.init.body).toBeUndefined();
    expect(screen.queryByRole('dialog', { name: 'Upgrade to the Team Plan' })).toBeNull();
  });

  it('sends an organisation that has trialled to /plans instead', async () => {
    const { calls, user, router } = await refuseSecondChest({ customer: { metadata: { trialled: 'true' } } });
    const offer = within(await screen.findByRole('dialog', { name: 'Upgrade to the Team Plan' }));
    await waitFor(() =>
      expect(offer.getByRole('button', { name: 'Activate Plan' }).hasAttribute('disabled')).toBe(false),
    );
    expect(offer.queryByText('Take 30 days free on us!')).toBeNull();
    await user.click(offer.getByRole('button', { name: 'Activate Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
    expect(findCall(calls, 'POST', '/api/v1/billing_api/subscriptions')).toBeUndefined();
  });

  it("closes with 'Not now', leaving the form and its message", async () => {
    const { user, router } = await refuseSecondChest();
    const offer = within(await screen.findByRole('dialog', { name: 'Upgrade to the Team Plan' }));
    await user.click(offer.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/chests/new');
    expect(screen.getByRole('alert').textContent).toBe('Chests exceed subscription limit.');
  });

  it('offers nothing to a user who is not an administrator: only administrators start a plan', async () => {
    serveBilling({ profile: { administrator: false } });
    const user = userEvent.setup();
    renderApp('/limit', { signedIn: [{ path: '/limit', Component: HitTheLimit }] });
    const button = await screen.findByRole('button', { name: 'Hit the limit' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
