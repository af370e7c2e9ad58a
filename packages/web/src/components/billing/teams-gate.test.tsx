import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { buildSubscription, serveBilling } from './testing/billing-fixtures.js';

const sections = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
  return within(nav);
};

describe('the Teams and Users gate', () => {
  it("is the locked 'Unlock' item leading to /plans on the free plan", async () => {
    serveBilling({ extra: { 'GET /api/v1/vaults.json': { body: { items: [], total: 0 } } } });
    renderApp('/admin/chests');
    const nav = await sections();
    const unlock = await nav.findByRole('link', { name: /^Unlock/ });
    expect(unlock.getAttribute('href')).toBe('/plans');
    expect(nav.queryByRole('link', { name: 'Teams' })).toBeNull();
  });

  it('sends the Teams and Users screens to /plans on the free plan', async () => {
    serveBilling();
    const { router } = renderApp('/admin/teams');
    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
  });

  it('opens on the Team Plan, trial included', async () => {
    serveBilling({
      subscription: buildSubscription({ status: 'trialing' }),
      extra: { 'GET /api/v1/teams.json': { body: { items: [], total: 0 } } },
    });
    const { router } = renderApp('/admin/teams');
    const nav = await sections();
    expect(await nav.findByRole('link', { name: 'Teams' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: /^Unlock/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/teams');
  });

  it('is always open when billing is off', async () => {
    serveBilling({ mode: 'off', extra: { 'GET /api/v1/teams.json': { body: { items: [], total: 0 } } } });
    const { router } = renderApp('/admin/teams');
    const nav = await sections();
    expect(await nav.findByRole('link', { name: 'Teams' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: /^Unlock/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/teams');
  });
});
