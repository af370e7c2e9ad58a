import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';
import { searchReset } from './search-reset-event.js';

const screens = {
  signedIn: [
    { path: '/', element: <p>Dashboard screen</p> },
    { path: '/admin', element: <p>Admin screen</p> },
    { path: '/profile', element: <p>Account Settings screen</p> },
  ],
  visitor: [
    { path: '/login', element: <p>Login screen</p> },
    {
      path: '/register',
      handle: { headerLink: { to: '/login', label: 'SIGN IN' }, notificationPlacement: 'header' },
      element: <p>Register screen</p>,
    },
  ],
};

function signIn(administrator = false) {
  localStorage.setItem('token', 'tok');
  return mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile({ administrator }) },
    'DELETE /users/sign_out.json': { status: 204 },
  });
}

describe('the header', () => {
  it('logo goes to /, forgets the last chest and clears the search', async () => {
    signIn();
    localStorage.setItem('lastChest', 'c-9');
    const onReset = vi.fn();
    const unsubscribe = searchReset.subscribe(onReset);
    const { router } = renderApp('/profile', screens);
    fireEvent.click(await screen.findByRole('link', { name: 'Coffer' }));
    unsubscribe();
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('lastChest')).toBeNull();
    expect(onReset).toHaveBeenCalledOnce();
  });

  it("shows administrators 'Admin', which reads 'Back to dashboard' on admin paths", async () => {
    signIn(true);
    renderApp('/', screens);
    fireEvent.click(await screen.findByRole('link', { name: 'Admin' }));
    await screen.findByText('Admin screen');
    fireEvent.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
  });

  it('shows no admin link to other users', async () => {
    signIn(false);
    renderApp('/', screens);
    await screen.findByText('Ada Lovelace');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('account menu opens Account Settings', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/', screens);
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Account Settings' }));
    expect(await screen.findByText('Account Settings screen')).toBeTruthy();
  });

  it('account menu logs out at once: DELETE sign_out, session cleared, /login', async () => {
    const user = userEvent.setup();
    const calls = signIn();
    localStorage.setItem('lastChest', 'c-1');
    const { router } = renderApp('/', screens);
    await user.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/users/sign_out.json')).toBe(true);
    expect({ ...localStorage }).toEqual({ dark_mode: 'false', lastChest: 'c-1' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('account menu closes on Escape and returns focus to its button', async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/', screens);
    const button = await screen.findByRole('button', { name: 'Ada Lovelace' });
    await user.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("shows a visitor route's header link and its header notification banner", async () => {
    renderApp('/register', screens);
    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(banner.querySelector('.notifications--header')).not.toBeNull();
    expect(document.querySelector('.notifications--floating')).toBeNull();
  });
});
