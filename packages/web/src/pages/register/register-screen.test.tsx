import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { renderApp } from '../../test/render-app.js';

// Key generation is real work (RSA-3072, PBKDF2); these tests are about the screens and the payload.
vi.mock('@coffer/core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@coffer/core')>();
  return {
    ...actual,
    deriveAccountKeys: vi.fn(async () => ({
      rootKey: new Uint8Array(32),
      encryptionKey: {},
      authHash: 'auth-hash',
    })),
    generateUserKeyPair: vi.fn(async () => ({ publicKey: 'public-key', privateKey: {} })),
    sealPrivateKey: vi.fn(async () => ({ encrypted_private_key: 'sealed', private_key_iv: 'iv' })),
  };
});
vi.mock('../../components/strength/strength-scorer.js', () => ({
  loadStrengthScorer: async () => (password: string) => Math.min(4, Math.floor(password.length / 4)),
}));

const { deriveAccountKeys } = await import('@coffer/core');

const routes = {
  visitor: [
    {
      path: '/register',
      handle: { headerLink: { to: '/login', label: 'SIGN IN' }, notificationPlacement: 'header' as const },
      lazy: () => import('./register-screen.js'),
    },
    { path: '/login', element: <p>Login screen</p> },
  ],
};

function formOf(call: FetchCall | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(String(call?.init.body)));
}

async function fillInitial(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Company Name'), 'Analytical Engines');
  await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the EULA and the Privacy Policy/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('New Password');
}

async function choosePassword(user: ReturnType<typeof userEvent.setup>, password = 'correct horse battery') {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), password);
}

describe('the initial step', () => {
  it('lists every missing field in the banner and marks each red until edited', async () => {
    renderApp('/register', routes);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const banner = screen.getByRole('alert');
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Required field Company Name is empty.',
      'Required field Full Name is empty.',
      'Required field Email is empty.',
      'Required field Terms of Service is empty.',
    ]);
    expect(screen.getByLabelText('Company Name').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Company Name'), 'A');
    expect(screen.getByLabelText('Company Name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('links the EULA and the Privacy Policy, and shows SIGN IN in the header', async () => {
    renderApp('/register', routes);
    expect(await screen.findByRole('link', { name: 'EULA' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SIGN IN' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('checkbox', { name: /optional/ })).toHaveProperty('checked', false);
  });

  it('checks the e-mail format', async () => {
    renderApp('/register', routes);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toContain('Field Email is not a valid email.');
  });
});

describe('the password step', () => {
  it('enables Create only with 12+ characters and a matching confirmation, with the spec messages', async () => {
    renderApp('/register', routes);
    const user = userEvent.setup();
    await fillInitial(user);
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toHaveProperty('disabled', true);

    await user.type(screen.getByLabelText('New Password'), 'elevenchars');
    expect(screen.getByText('Please enter a password with a minimum length of 12 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('New Password'), '!');
    expect(screen.queryByText('Please enter a password with a minimum length of 12 characters')).toBeNull();
    await user.type(screen.getByLabelText('Confirm Password'), 'elevenchars?');
    expect(screen.getByText('Please ensure passwords match')).toBeTruthy();
    expect(create).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'elevenchars!');
    expect(screen.queryByText('Please ensure passwords match')).toBeNull();
    expect(create).toHaveProperty('disabled', false);
  });

  it('shows the strength meter for the new password', async () => {
    renderApp('/register', routes);
    const user = userEvent.setup();
    await fillInitial(user);
    await user.type(screen.getByLabelText('New Password'), 'abcdefghijkl');
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    await vi.waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('4'));
    expect(
      screen.getAllByTestId('strength-bar').filter((bar) => bar.className.includes('green')),
    ).toHaveLength(4);
  });

  it('goes Back to the initial step with the values kept', async () => {
    renderApp('/register', routes);
    const user = userEvent.setup();
    await fillInitial(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Company Name')).toHaveProperty('value', 'Analytical Engines');
  });
});

describe('Create', () => {
  it('registers with keys made in the browser, then asks to check the mailbox', async () => {
    const calls = mockFetch({
      'POST /users': { status: 201, body: { id: 'u-1' } },
      'POST /users/confirmation.json': {
        body: { message: 'If your email address exists, you will get an email.' },
      },
    });
    renderApp('/register', routes);
    const user = userEvent.setup();
    await fillInitial(user);
    await choosePassword(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('heading', { name: 'Check your mailbox' })).toBeTruthy();
    expect(screen.getByTestId('confirmation-email').textContent).toBe('ada@example.com');
    expect(vi.mocked(deriveAccountKeys)).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct horse battery',
      iterations: 600_000,
    });
    expect(formOf(calls[0])).toEqual({
      'user[email]': 'ada@example.com',
      'user[name]': 'Ada Lovelace',
      'user[password]': 'auth-hash',
      'user[public_key]': 'public-key',
      'user[encrypted_private_key]': 'sealed',
      'user[private_key_iv]': 'iv',
      'user[kdf_iterations]': '600000',
      'user[owned_organisation_attributes][name]': 'Analytical Engines',
      'user[termsOfService]': 'true',
      'user[marketingOptIn]': 'false',
    });
    for (const name of ['Open Gmail', 'Open Outlook', 'Open Yahoo Mail'])
      expect(screen.getByRole('link', { name })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('If your email address exists, you will get an email.')).toBeTruthy();
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ user: { email: 'ada@example.com' } });
  });

  it("says 'Could not send email successfully.' when the confirmation mail did not leave, never that it was sent", async () => {
    mockFetch({ 'POST /users': { status: 201, body: { id: 'u-1', mail_sent: false } } });
    renderApp('/register', routes);
    const user = userEvent.setup();
    await fillInitial(user);
    await choosePassword(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('heading', { name: 'Check your mailbox' })).toBeTruthy();
    expect(screen.getByText('Could not send email successfully.')).toBeTruthy();
    expect(screen.queryByText(/We have sent a confirmation link/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend email' })).toBeTruthy();
  });

  it("shows the spec's registration error, and the server's validation message, in the header banner", async () => {
    mockFetch({ 'POST /users': { status: 400, body: { errors: ['Email has already been taken'] } } });
    renderApp('/register', routes);
    const user = userEvent.setup();
    await fillInitial(user);
    await choosePassword(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const header = screen.getByRole('banner');
    expect(
      await within(header).findByText(
        'There has been an error while processing your registration. Please try again.',
      ),
    ).toBeTruthy();
    expect(within(header).getByText('Email has already been taken')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false);
  });

  it('shows only the generic error for other failures', async () => {
    mockFetch({ 'POST /users': { status: 500, body: 'boom' } });
    renderApp('/register', routes);
    const user = userEvent.setup();
    await fillInitial(user);
    await choosePassword(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText(
        'There has been an error while processing your registration. Please try again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });
});

describe('the invited variant', () => {
  const invitation = {
    company: 'Analytical Engines',
    name: 'Charles Babbage',
    email: 'charles@example.com',
    inviter: 'Ada Lovelace',
  };

  it('prefills from the invitation, greets the inviter and registers with the token', async () => {
    const calls = mockFetch({
      'GET /api/v1/invitations/inv-123.json': { body: invitation },
      'POST /users': { status: 201, body: {} },
    });
    const { router } = renderApp('/register?invitation_token=inv-123', routes);
    expect(await screen.findByText(/Ada Lovelace has invited you to join Analytical Engines/)).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Company Name')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Company Name')).toHaveProperty('value', 'Analytical Engines');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'charles@example.com');
    expect(screen.queryByLabelText('Full Name')).toBeNull();

    const user = userEvent.setup();
    fireEvent.click(screen.getByRole('checkbox', { name: /EULA/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await choosePassword(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Login screen')).toBeTruthy();
    const form = formOf(calls.find((c) => c.method === 'POST'));
    expect(form['user[invitation_token]']).toBe('inv-123');
    expect(form['user[name]']).toBe('Charles Babbage');
    expect(form['user[email]']).toBe('charles@example.com');
    expect(form['user[owned_organisation_attributes][name]']).toBeUndefined();
  });

  it('says so when the invitation is unknown or used', async () => {
    mockFetch({ 'GET /api/v1/invitations/old.json': { status: 404, body: { error: 'Not found' } } });
    renderApp('/register?invitation_token=old', routes);
    expect((await screen.findByRole('alert')).textContent).toMatch(/invitation is no longer valid/);
  });
});
