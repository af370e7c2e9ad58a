import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/mock-fetch.js';
import { renderApp } from '../../test/render-app.js';

const screens = {
  signedIn: [{ path: '/', element: <p>Dashboard screen</p> }],
  visitor: [{ path: '/login', element: <p>Login screen</p> }],
  open: [{ path: '/email_change', lazy: () => import('./email-change-screen.js') }],
};
const CONFIRM = 'POST /users/email_change/confirmation.json';

describe('the page of the link mailed to a new address', () => {
  it('confirms once, takes the token out of the address bar, and leads to sign-in', async () => {
    const calls = mockFetch({
      [CONFIRM]: {
        body: { message: 'Your email address has been changed. Sign in with your new email address.' },
      },
    });
    const { router } = renderApp('/email_change?email_change_token=abc123', screens);
    expect(
      await screen.findByText('Your email address has been changed. Sign in with your new email address.'),
    ).toBeTruthy();
    const sent = calls.filter((call) => `${call.method} ${call.path}` === CONFIRM);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ email_change_token: 'abc123' });
    expect(router.state.location.search).toBe('');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login screen')).toBeTruthy();
  });

  it("ends this browser's session too, since the change ended every session", async () => {
    localStorage.setItem('token', 'tok');
    const calls = mockFetch({
      [CONFIRM]: {
        body: { message: 'Your email address has been changed. Sign in with your new email address.' },
      },
      'DELETE /users/sign_out.json': { status: 401, body: { error: 'Signature has expired' } },
    });
    renderApp('/email_change?email_change_token=abc123', screens);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it("shows the server's refusal of a used or expired link", async () => {
    mockFetch({
      [CONFIRM]: {
        status: 400,
        body: {
          errors: ['This email change link has expired. Ask for the change again in Account Settings.'],
        },
      },
    });
    renderApp('/email_change?email_change_token=old', screens);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This email change link has expired. Ask for the change again in Account Settings.',
    );
  });

  it('says the link is unusable when it carries no token, without calling the server', async () => {
    const calls = mockFetch({});
    renderApp('/email_change', screens);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your email address could not be changed. The link may have expired or already been used.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
