import type { Profile } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';

const WAIT = { timeout: 4000 };

// A server that keeps the profile and applies PATCHes to it.
function serveWelcome(overrides: Partial<Profile>) {
  localStorage.setItem('token', 'tok');
  let profile = buildProfile({ first_time: true, tutorial: false, has_secret: false, ...overrides });
  const calls = mockFetch({
    'GET /api/v1/profile.json': () => ({ body: profile }),
    'PATCH /api/v1/profile.json': (call: FetchCall) => {
      profile = { ...profile, ...JSON.parse(String(call.init.body)).user };
      return { body: profile };
    },
    'GET /api/v1/secrets.json': { body: { items: [], total: 0 } },
    'GET /api/v1/vaults.json': { body: { items: [], total: 0 } },
    'GET /api/v1/teams.json': { body: { items: [], total: 0 } },
  });
  const patches = () =>
    calls
      .filter((c) => c.method === 'PATCH')
      .map((c) => JSON.parse(String(c.init.body)).user as Record<string, unknown>);
  return { calls, patches };
}

const menuLabels = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.firstChild?.textContent);

describe('/welcome', () => {
  it('shows administrators the explore, two-step and first-secret buttons and a Skip link', async () => {
    serveWelcome({ administrator: true });
    renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'Welcome' }, WAIT)).toBeTruthy();
    expect(screen.getByText('Just a few steps to help get you started.')).toBeTruthy();
    expect(menuLabels()).toEqual([
      "Let's explore the product",
      'Setup Two-Step Verification',
      'Add your first Secret',
    ]);
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
  });

  it('adds the personal password for administrators who must change theirs', async () => {
    serveWelcome({ administrator: true, must_change_password: true });
    renderApp('/welcome');
    await screen.findByRole('heading', { name: 'Welcome' }, WAIT);
    expect(menuLabels()).toEqual([
      "Let's explore the product",
      'Setup a personal password',
      'Setup Two-Step Verification',
      'Add your first Secret',
    ]);
  });

  it('shows other users the password and two-step buttons, without Skip', async () => {
    serveWelcome({ administrator: false, must_change_password: true });
    renderApp('/welcome');
    await screen.findByRole('heading', { name: 'Welcome' }, WAIT);
    expect(menuLabels()).toEqual(['Setup a personal password', 'Setup Two-Step Verification']);
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('sends users who are not first-time to /', async () => {
    serveWelcome({ first_time: false });
    const { router } = renderApp('/welcome/tutorial');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), WAIT);
  });

  it('sends non-administrators who finished password and two-factor to the tutorial', async () => {
    serveWelcome({ administrator: false, otp_required_for_login: true });
    const { router } = renderApp('/welcome');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/tutorial'), WAIT);
  });

  it('Skip marks the tutorial done, ends first_time and goes to /', async () => {
    const { patches } = serveWelcome({ administrator: true });
    const user = userEvent.setup();
    const { router } = renderApp('/welcome');
    await user.click(await screen.findByRole('button', { name: 'Skip' }, WAIT));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(patches()).toEqual([{ tutorial: true, first_time: false }]);
  });
});

describe('/welcome/tutorial', () => {
  it('walks three slides with Previous, Next and dots; Finish saves the flag and moves on', async () => {
    const { patches } = serveWelcome({ administrator: false, otp_required_for_login: true });
    const user = userEvent.setup();
    const { router } = renderApp('/welcome/tutorial');
    expect(await screen.findByRole('heading', { name: 'Welcome to Coffer' }, WAIT)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Find anything with the search bar' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Slide 3' }));
    expect(screen.getByRole('heading', { name: 'Move around with the keyboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('button', { name: 'Slide 2' }).getAttribute('aria-current')).toBe('step');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    // Password and two-factor were done: the tutorial was the last step, so onboarding ends.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(patches()).toEqual([{ tutorial: true }, { first_time: false }]);
  });

  it('takes an administrator on to the first secret after the tutorial', async () => {
    serveWelcome({ administrator: true });
    const user = userEvent.setup();
    const { router } = renderApp('/welcome/tutorial');
    await screen.findByRole('heading', { name: 'Welcome to Coffer' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Slide 3' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/first_secret'));
    expect(await screen.findByRole('heading', { name: 'Add your first Secret' }, WAIT)).toBeTruthy();
  });
});
