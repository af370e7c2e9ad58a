import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeAnswer, FetchCall } from '../../test/mock-fetch.js';
import { mockFetch } from '../../test/mock-fetch.js';
import { buildProfile } from '../../test/profile-fixture.js';
import { renderApp } from '../../test/render-app.js';

// PBKDF2 at 600,000 iterations is real work; these tests are about the screen, so the derivation is
// replaced by a fast stand-in that still refuses low iterations exactly as core does.
vi.mock('@coffer/core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@coffer/core')>();
  return {
    ...actual,
    deriveAccountKeys: vi.fn(async ({ iterations }: { iterations: number }) => {
      actual.assertKdfIterations(iterations);
      const encryptionKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ]);
      return { rootKey: new Uint8Array(32), encryptionKey, authHash: 'auth-hash' };
    }),
  };
});
vi.mock('../../keys/unlock-private-key.js', () => ({ unlockPrivateKey: vi.fn(async () => undefined) }));

const { unlockPrivateKey } = await import('../../keys/unlock-private-key.js');

const screens = {
  signedIn: [
    { path: '/', element: <p>Dashboard screen</p> },
    { path: '/plans', element: <p>Plans screen</p> },
  ],
  visitor: [{ path: '/login', lazy: () => import('./login-screen.js') }],
};

function bodyOf(call: FetchCall | undefined): unknown {
  return JSON.parse(String(call?.init.body));
}

function server(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'POST /api/v1/prelogin': { body: { kdf_iterations: 600_000 } },
    'POST /api/v1/two-factor-check': { body: { '2faRequired': false, valid: true } },
    'POST /users/sign_in.json': {
      status: 201,
      body: buildProfile(),
      headers: { Authorization: 'Bearer tok-new' },
    },
    'GET /api/v1/profile.json': { body: buildProfile() },
    ...overrides,
  });
}

async function fillLogin(email = 'ada@example.com', password = 'correct horse battery') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

beforeEach(() => {
  vi.mocked(unlockPrivateKey).mockClear();
});

describe('the Login state', () => {
  it('enables Login only when e-mail and password are filled', async () => {
    server();
    renderApp('/login', screens);
    const user = userEvent.setup();
    const login = await screen.findByRole('button', { name: 'Login' });
    expect(login).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(login).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(login).toHaveProperty('disabled', false);
    await user.clear(screen.getByLabelText('Email'));
    expect(login).toHaveProperty('disabled', true);
  });

  it('links to /register and tells that only an administrator can help with a forgotten password', async () => {
    server();
    renderApp('/login', screens);
    expect((await screen.findByRole('link', { name: 'Sign up' })).getAttribute('href')).toBe('/register');
    expect(screen.getByText(/contact an administrator of your organisation/)).toBeTruthy();
  });

  it('reports a malformed e-mail in the banner and marks the field until it is edited', async () => {
    const calls = server();
    renderApp('/login', screens);
    const user = await fillLogin('ada-at-example');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Field Email is not a valid email.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's text for failed credentials", async () => {
    server({
      'POST /api/v1/two-factor-check': { body: { '2faRequired': false, valid: false } },
      'POST /users/sign_in.json': { status: 401, body: { errors: ['Invalid Email or password.'] } },
    });
    renderApp('/login', screens);
    const user = await fillLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Email or password.');
  });

  it('offers to resend the confirmation mail when the address is not confirmed yet', async () => {
    const calls = server({
      'POST /users/sign_in.json': {
        status: 401,
        body: { error: 'You have to confirm your email address before continuing.' },
      },
      'POST /users/confirmation.json': {
        body: { message: 'If your email address exists, you will get an email.' },
      },
    });
    renderApp('/login', screens);
    const user = await fillLogin('Ada@example.com');
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have to confirm your email address before continuing.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('If your email address exists, you will get an email.')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.path === '/users/confirmation.json'))).toEqual({
      user: { email: 'ada@example.com' },
    });
  });

  it("falls back to 'Invalid login credentials.' when the server gives no text", async () => {
    server({ 'POST /users/sign_in.json': { status: 500 } });
    renderApp('/login', screens);
    const user = await fillLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials.');
  });

  it('refuses to derive below 600,000 iterations and sends nothing derived', async () => {
    const calls = server({ 'POST /api/v1/prelogin': { body: { kdf_iterations: 5000 } } });
    renderApp('/login', screens);
    const user = await fillLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/weaker password protection/);
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/prelogin']);
  });

  it('signs in: clears storage but dark_mode, sends the auth hash, keeps the key, goes to the remembered path', async () => {
    localStorage.setItem('dark_mode', 'true');
    localStorage.setItem('lastChest', 'someone-elses');
    const calls = server();
    const { router } = renderApp('/plans', screens);
    const user = await fillLogin('  Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Plans screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/plans');
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(localStorage.getItem('lastChest')).toBeNull();
    const signIn = calls.find((c) => c.path === '/users/sign_in.json');
    expect(bodyOf(signIn)).toEqual({ user: { email: 'ada@example.com', password: 'auth-hash' } });
    expect(JSON.stringify(calls.map((c) => c.init.body))).not.toContain('correct horse');
    expect(unlockPrivateKey).toHaveBeenCalledWith(
      { encrypted_private_key: 'ZW5j', private_key_iv: 'aXY=', kdf_iterations: 600_000 },
      expect.objectContaining({ extractable: false }),
    );
  });

  it('does not start a session when the private key does not open', async () => {
    vi.mocked(unlockPrivateKey).mockRejectedValueOnce(new Error('integrity'));
    server();
    renderApp('/login', screens);
    const user = await fillLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be unlocked/);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the 2FA and Recovery states', () => {
  function twoFactorServer(signInAnswer: FakeAnswer) {
    return server({
      'POST /api/v1/two-factor-check': { body: { '2faRequired': true, valid: true } },
      'POST /users/sign_in.json': signInAnswer,
    });
  }

  async function reachTwoFactor() {
    const user = await fillLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Two-factor verification' });
    return user;
  }

  it('asks for the code; Verify waits for a change, and again after each submit', async () => {
    const calls = twoFactorServer({ status: 401, body: { errors: ['Invalid Email or password.'] } });
    renderApp('/login', screens);
    const user = await reachTwoFactor();
    expect(calls.some((c) => c.path === '/users/sign_in.json')).toBe(false);

    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('OTP Code'), '123 456');
    expect(screen.getByLabelText('OTP Code')).toHaveProperty('value', '123456');
    expect(verify).toHaveProperty('disabled', false);
    await user.click(verify);

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid OTP or recovery code');
    expect(verify).toHaveProperty('disabled', true);
    expect(bodyOf(calls.find((c) => c.path === '/users/sign_in.json'))).toEqual({
      user: { email: 'ada@example.com', password: 'auth-hash', otp_attempt: '123456' },
    });
    await user.type(screen.getByLabelText('OTP Code'), '{Backspace}7');
    expect(verify).toHaveProperty('disabled', false);
  });

  it('applies the OTP rule: cut to 6 characters, longer input left as typed', async () => {
    twoFactorServer({ status: 401 });
    renderApp('/login', screens);
    await reachTwoFactor();
    const field = screen.getByLabelText('OTP Code');
    fireEvent.change(field, { target: { value: '12 34 56 ' } });
    expect(field).toHaveProperty('value', '123456');
    fireEvent.change(field, { target: { value: 'abcd-efgh-1' } });
    expect(field).toHaveProperty('value', 'abcd-efgh-1');
  });

  it('switches to the recovery form and back; a failed recovery shows its message', async () => {
    twoFactorServer({ status: 401, body: { errors: ['Invalid Email or password.'] } });
    renderApp('/login', screens);
    const user = await reachTwoFactor();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByRole('heading', { name: 'Bypass two-step verification' })).toBeTruthy();
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Recovery code'), 'aaaa-bbbb-cccc');
    await user.click(login);
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Invalid recovery codes - please check that you've entered the right codes and try again. If you still experience issues, please contact your organisation's administrator.",
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Two-factor verification' })).toBeTruthy();
  });

  it('signs in with a correct code', async () => {
    twoFactorServer({ status: 201, body: buildProfile(), headers: { Authorization: 'Bearer tok-2fa' } });
    renderApp('/login', screens);
    const user = await reachTwoFactor();
    await user.type(screen.getByLabelText('OTP Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok-2fa');
  });

  it('signs in directly, only logging, when the two-factor check fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server({ 'POST /api/v1/two-factor-check': { status: 500 } });
    renderApp('/login', screens);
    const user = await fillLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).not.toContain('auth-hash');
  });
});

describe('the confirmation link', () => {
  it('confirms once, takes the token out of the address and says how it went', async () => {
    const calls = mockFetch({
      'GET /users/confirmation.json': {
        body: { message: 'Your email address has been successfully confirmed.' },
      },
    });
    const { router } = renderApp('/login?confirmation_token=tok-abcdefghijklmnop', screens);
    expect(await screen.findByText('Your email address has been successfully confirmed.')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(calls.map((c) => c.path)).toEqual([
      '/users/confirmation.json?confirmation_token=tok-abcdefghijklmnop',
    ]);
  });

  it("shows the server's error for a used or unknown token", async () => {
    mockFetch({
      'GET /users/confirmation.json': { status: 400, body: { errors: ['Confirmation token is invalid'] } },
    });
    const { router } = renderApp('/login?confirmation_token=bad', screens);
    expect(await screen.findByText('Confirmation token is invalid')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('a signed-in visitor', () => {
  it('is sent from /login to /', async () => {
    localStorage.setItem('token', 'tok');
    server();
    const { router } = renderApp('/login', screens);
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
    await act(async () => undefined);
    expect(router.state.location.pathname).toBe('/');
  });
});
