import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/mock-fetch.js';
import { buildProfile } from '../test/profile-fixture.js';
import { renderApp } from '../test/render-app.js';

const screens = {
  signedIn: [
    { path: '/', element: <p>Dashboard screen</p> },
    { path: '/admin', element: <p>Admin screen</p> },
    { path: '/admin/teams', element: <p>Teams screen</p> },
    { path: '/profile', element: <p>Account Settings screen</p> },
  ],
  visitor: [{ path: '/login', element: <p>Login screen</p> }],
};

function signIn(administrator = false) {
  localStorage.setItem('token', 'tok');
  return mockFetch({
    'GET /api/v1/profile.json': { body: buildProfile({ administrator }) },
    'DELETE /users/sign_out.json': { status: 204 },
  });
}

const press = (key: string, code: string) => fireEvent.keyDown(window, { key, code, shiftKey: true });

describe('the global shortcuts', () => {
  it('Shift+/ opens Account Settings', async () => {
    signIn();
    renderApp('/', screens);
    await screen.findByText('Ada Lovelace');
    press('?', 'Slash');
    expect(await screen.findByText('Account Settings screen')).toBeTruthy();
  });

  it("Shift+L asks first; 'Stay logged in' keeps the session", async () => {
    const user = userEvent.setup();
    signIn();
    renderApp('/', screens);
    await screen.findByText('Ada Lovelace');
    press('L', 'KeyL');
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to logout?' });
    expect(dialog.textContent).toContain('Yes, log me out.');
    await user.click(screen.getByRole('button', { name: 'Stay logged in' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it("Shift+L then 'Yes, log me out.' logs out", async () => {
    const user = userEvent.setup();
    const calls = signIn();
    renderApp('/', screens);
    await screen.findByText('Ada Lovelace');
    press('L', 'KeyL');
    await user.click(await screen.findByRole('button', { name: 'Yes, log me out.' }));
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/users/sign_out.json')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('Shift+A takes administrators to the admin area, and Shift+D back', async () => {
    signIn(true);
    renderApp('/', screens);
    await screen.findByText('Admin');
    press('A', 'KeyA');
    expect(await screen.findByText('Admin screen')).toBeTruthy();
    press('D', 'KeyD');
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
  });

  it('Shift+A does nothing for other users, Shift+D nothing outside admin paths', async () => {
    signIn(false);
    const { router } = renderApp('/profile', screens);
    await screen.findByText('Ada Lovelace');
    press('A', 'KeyA');
    press('D', 'KeyD');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('shortcuts stay quiet while the user types', async () => {
    signIn(true);
    const { router } = renderApp('/', {
      ...screens,
      signedIn: [{ path: '/', element: <input aria-label="Search" /> }, ...screens.signedIn.slice(1)],
    });
    const search = await screen.findByLabelText('Search');
    await screen.findByText('Admin');
    fireEvent.keyDown(search, { key: 'A', code: 'KeyA', shiftKey: true });
    expect(router.state.location.pathname).toBe('/');
  });
});
