import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { renderApp } from '../test/render-app.js';

describe('session expiry', () => {
  it("on 'Signature has expired' clears the session but dark_mode, goes to /login and says so", async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('dark_mode', 'true');
    mockFetch({ 'GET /api/v1/profile.json': { status: 401, body: { error: 'Signature has expired' } } });

    const { router } = renderApp('/profile', {
      signedIn: [{ path: '/profile', element: <p>Account Settings screen</p> }],
      visitor: [{ path: '/login', element: <p>Login screen</p> }],
    });

    // The notice may show a render before the move to /login lands: wait for the whole outcome.
    await waitFor(() => {
      expect(screen.getByText('Your session has expired.')).toBeTruthy();
      expect(screen.getByText('Login screen')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
    });
    expect({ ...localStorage }).toEqual({ dark_mode: 'true' });
  });

  it('shows the message once when several requests expire together', async () => {
    localStorage.setItem('token', 'old');
    mockFetch({ 'GET /api/v1/profile.json': { status: 401, body: { error: 'Signature has expired' } } });
    renderApp('/login', { visitor: [{ path: '/login', element: <p>Login screen</p> }] });
    const { requestRaw } = await import('../api/api-client.js');
    await act(async () => {
      await Promise.all([requestRaw('/api/v1/profile.json'), requestRaw('/api/v1/profile.json')]);
    });
    expect(screen.getAllByText('Your session has expired.')).toHaveLength(1);
  });
});
