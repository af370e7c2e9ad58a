import type { Profile } from '@coffer/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';

const screens = {
  signedIn: [{ path: '/', element: <p>Dashboard screen</p> }],
  visitor: [{ path: '/login', element: <p>Login screen</p> }],
};

function advance(ms: number) {
  return act(() => vi.advanceTimersByTimeAsync(ms));
}

async function signInWith(profile: Partial<Profile>) {
  localStorage.setItem('token', 'tok');
  const calls = mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile(profile) },
    'DELETE /users/sign_out.json': { status: 204 },
  });
  const view = renderApp('/', screens);
  await advance(50);
  expect(screen.getByText('Dashboard screen')).toBeTruthy();
  return { calls, ...view };
}

function warning() {
  return screen.queryByRole('dialog', { name: 'Session Expire Warning' });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

describe('auto logout', () => {
  it("warns after the organisation's minutes and counts down from 60", async () => {
    await signInWith({ inactivity_length: 1 });
    await advance(59_000);
    expect(warning()).toBeNull();
    await advance(1_000);
    expect(warning()).not.toBeNull();
    expect(screen.getByTestId('inactivity-countdown').textContent).toBe('60');
    await advance(1_000);
    expect(screen.getByTestId('inactivity-countdown').textContent).toBe('59');
    expect(screen.getByRole('button', { name: 'Stay Logged In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it("'Stay Logged In' closes the warning and restarts the timer", async () => {
    await signInWith({ inactivity_length: 1 });
    await advance(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    await advance(0);
    expect(warning()).toBeNull();
    await advance(59_000);
    expect(warning()).toBeNull();
    await advance(1_000);
    expect(warning()).not.toBeNull();
  });

  it('logs out when the countdown reaches 0', async () => {
    const { calls, router } = await signInWith({ inactivity_length: 1 });
    await advance(60_000);
    await advance(60_000);
    await advance(50);
    expect(warning()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/users/sign_out.json')).toBe(true);
  });

  it("logs out on 'Logout'", async () => {
    const { router } = await signInWith({ inactivity_length: 1 });
    await advance(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await advance(50);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('restarts the timer on a click or a key press', async () => {
    await signInWith({ inactivity_length: 1 });
    await advance(50_000);
    fireEvent.keyDown(document.body, { key: 'a' });
    await advance(50_000);
    fireEvent.click(document.body);
    await advance(50_000);
    expect(warning()).toBeNull();
    await advance(10_000);
    expect(warning()).not.toBeNull();
  });

  it('uses 10 minutes when the profile has no number', async () => {
    await signInWith({ inactivity_length: undefined as unknown as number });
    await advance(9 * 60_000 + 59_000);
    expect(warning()).toBeNull();
    await advance(1_000);
    expect(warning()).not.toBeNull();
  });

  it('never warns when the organisation chose -1', async () => {
    await signInWith({ inactivity_length: -1 });
    await advance(3 * 60 * 60_000);
    expect(warning()).toBeNull();
  });
});
