import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { buildProfile } from '../test/profile-fixture.js';
import { renderApp } from '../test/render-app.js';
import { useSessionActions } from './use-session.js';

function FakeLogin() {
  const { startSession } = useSessionActions();
  return (
    <button type="button" onClick={() => startSession('Bearer tok-9', buildProfile())}>
      Sign in
    </button>
  );
}

const screens = {
  signedIn: [
    { path: '/', element: <p>Dashboard screen</p> },
    { path: '/plans', element: <p>Plans screen</p> },
  ],
  visitor: [{ path: '/login', element: <FakeLogin /> }],
};

describe('GuestOnly', () => {
  it('sends a signed-in user from /login to /', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({ 'GET /api/v1/profile.json': { body: buildProfile() } });
    renderApp('/login', screens);
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
  });

  it('after startSession, takes the user back to where RequireAuth stopped them', async () => {
    mockFetch({ 'GET /api/v1/profile.json': { body: buildProfile() } });
    const { router } = renderApp('/plans', screens);
    (await screen.findByRole('button', { name: 'Sign in' })).click();
    expect(await screen.findByText('Plans screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/plans');
    expect(localStorage.getItem('token')).toBe('tok-9');
  });
});
