import type { Profile } from '@coffer/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { buildProfile } from '../test/profile-fixture.js';
import { renderApp } from '../test/render-app.js';

// The dashboard and welcome screens the guard sends people to would load zxcvbn for their forms.
vi.mock('../components/strength/password-strength-meter.js', () => ({ PasswordStrengthMeter: () => null }));

function signIn(profile: Partial<Profile>) {
  localStorage.setItem('token', 'tok');
  return mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile(profile) },
    'GET /api/v1/vaults.json': { body: { items: [], total: 0 } },
    'GET /api/v1/secrets.json': { body: { items: [], total: 0 } },
    'GET /api/v1/teams.json': { body: { items: [], total: 0 } },
  });
}

describe('the admin guard (spec section 2)', () => {
  it('sends a first_time user to /welcome, administrator or not', async () => {
    signIn({ administrator: true, first_time: true });
    const { router } = renderApp('/admin/chests');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
  });

  it('sends a user who is not an administrator to / (a member, a chest manager alike)', async () => {
    signIn({ administrator: false, id: 'u-2', owner_id: 'u-1' });
    const { router } = renderApp('/admin/chests/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Chests' })).toBeNull();
  });

  it('lets an administrator in, and /admin goes to /admin/chests', async () => {
    signIn({ administrator: true });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Chests' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/chests');
    expect(await screen.findByText('No Chests Found')).toBeTruthy();
  });

  it('shows the admin not-found screen for an unknown admin path, and Unknown route elsewhere', async () => {
    signIn({ administrator: true });
    const { unmount } = renderApp('/admin/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByText(/Unknown route/)).toBeNull();
    unmount();
    renderApp('/nothing');
    expect(await screen.findByText('Unknown route: /nothing')).toBeTruthy();
  });

  it('sends a visitor without a token to /login', async () => {
    const { router } = renderApp('/admin/chests');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
