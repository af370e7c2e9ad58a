import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { buildProfile } from '../test/profile-fixture.js';
import { renderApp } from '../test/render-app.js';
import { readReturnPath } from './require-auth.js';

function LoginProbe() {
  const { state } = useLocation();
  return <p>Login, then back to {readReturnPath(state)}</p>;
}

const screens = {
  signedIn: [{ path: '/profile', element: <p>Account Settings screen</p> }],
  visitor: [{ path: '/login', element: <LoginProbe /> }],
};

describe('RequireAuth', () => {
  it('sends a visitor without a token to /login, remembering where they were going', async () => {
    const { router } = renderApp('/profile?tab=2', screens);
    expect(await screen.findByText('Login, then back to /profile?tab=2')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the screen when a token exists', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch({ 'GET /api/v1/profile.json': { body: buildProfile() } });
    renderApp('/profile', screens);
    expect(await screen.findByText('Account Settings screen')).toBeTruthy();
  });
});

describe('readReturnPath', () => {
  it('answers the remembered path, or / for anything that is not a same-app path', () => {
    expect(readReturnPath({ from: '/admin/teams' })).toBe('/admin/teams');
    expect(readReturnPath({ from: '//evil.example/x' })).toBe('/');
    expect(readReturnPath({ from: 'https://evil.example' })).toBe('/');
    expect(readReturnPath(null)).toBe('/');
  });
});
