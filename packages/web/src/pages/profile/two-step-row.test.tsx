import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FetchCall } from '../../test/mock-fetch.js';
import { provePasswordIn } from '../../test/password-prompt.js';
import { renderApp } from '../../test/render-app.js';
import { profileScreens, signInForProfile } from './profile-fixtures.js';

// Deriving at 600,000 iterations is real work; the row's behaviour is what is tested here.
vi.mock('../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({ authHash: `hash:${password}` })),
}));

const DISABLED = 'Success: Two-factor authentication has been disabled.';
const CODES = ['aaaa-1111-bbbb', 'cccc-2222-dddd'];
const verifyPassword = (call: FetchCall) => ({
  body: { valid: JSON.parse(String(call.init.body)).password === 'hash:my password' },
});

function setUp(overrides: Parameters<typeof signInForProfile>[1] = {}) {
  const calls = signInForProfile(
    { otp_required_for_login: true },
    {
      'POST /api/v1/users/verify_password.json': verifyPassword,
      'PUT /api/v1/two-factor-disable.json': { body: { '2fa': DISABLED } },
      'GET /api/v1/two-factor-backup.json': { body: { '2faCodes': CODES } },
      ...overrides,
    },
  );
  renderApp('/profile', profileScreens);
  const sent = () => calls.filter((c) => c.method !== 'GET' || c.path.includes('two-factor'));
  return { calls, sent, user: userEvent.setup() };
}

describe('the Two-Step Verification row', () => {
  it('asks for the password (SecureConfirm with the spec texts) before disabling two-step', async () => {
    const { sent, user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Disable Two-Step Verification' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to disable 2FA?' });
    expect(
      within(dialog).getByText('This will allow anybody with your account password to access the account.'),
    ).toBeTruthy();
    const disable = within(dialog).getByRole('button', { name: 'Disable' });
    expect(disable).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText('Password'), 'wrong password');
    await user.click(disable);
    expect(await within(dialog).findByText('Password entered is incorrect.')).toBeTruthy();
    expect(sent().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/users/verify_password.json']);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'my password{Enter}');
    expect(await screen.findByText(DISABLED)).toBeTruthy();
    // The password was proven first, then two-step turned off.
    expect(sent().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/users/verify_password.json',
      'POST /api/v1/users/verify_password.json',
      'PUT /api/v1/two-factor-disable.json',
    ]);
    expect(await screen.findByRole('button', { name: 'Enable Two-Step Verification' })).toBeTruthy();
  });

  it('does nothing when the password prompt is cancelled', async () => {
    const { sent, user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Disable Two-Step Verification' }));
    await user.type(screen.getByLabelText('Password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Disable Two-Step Verification' })).toBeTruthy();
  });

  it('shows a disable answer without Success as an error', async () => {
    const { user } = setUp({
      'PUT /api/v1/two-factor-disable.json': {
        body: { '2fa': 'Two-factor authentication is not enabled.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Disable Two-Step Verification' }));
    await user.type(screen.getByLabelText('Password'), 'my password{Enter}');
    const banner = await screen.findByText('Two-factor authentication is not enabled.');
    expect(banner.closest('.notification')?.className).toContain('notification--error');
  });

  it('asks again when the server wants the password again, then disables', async () => {
    const again = 'Please enter your password again to continue.';
    let refused = false;
    const { sent, user } = setUp({
      'PUT /api/v1/two-factor-disable.json': () => {
        if (refused) return { body: { '2fa': DISABLED } };
        refused = true;
        return { status: 403, body: { '2fa': again, error: again } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Disable Two-Step Verification' }));
    await user.type(screen.getByLabelText('Password'), 'my password{Enter}');
    // The five minutes ran out on the way: the same prompt again, not a dead end.
    await provePasswordIn(user, 'Are you sure you want to disable 2FA?');
    expect(await screen.findByText(DISABLED)).toBeTruthy();
    expect(screen.queryByText(again)).toBeNull();
    expect(sent().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/users/verify_password.json',
      'PUT /api/v1/two-factor-disable.json',
      'POST /api/v1/users/verify_password.json',
      'PUT /api/v1/two-factor-disable.json',
    ]);
  });

  it('asks for the password before new recovery codes, then shows them once', async () => {
    const { sent, user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = screen.getByRole('dialog', { name: 'Get new recovery codes?' });
    expect(sent()).toEqual([]);
    await user.type(within(dialog).getByLabelText('Password'), 'my password{Enter}');
    const shown = await screen.findByRole('dialog', { name: 'New recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(shown).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(sent().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/users/verify_password.json',
      'GET /api/v1/two-factor-backup.json',
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('fetches no codes after a wrong password', async () => {
    const { sent, user } = setUp();
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    await user.type(screen.getByLabelText('Password'), 'guess{Enter}');
    expect(await screen.findByText('Password entered is incorrect.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(sent().map((c) => c.path)).toEqual(['/api/v1/users/verify_password.json']);
  });

  it('offers no recovery codes while two-step is off', async () => {
    signInForProfile({ otp_required_for_login: false });
    renderApp('/profile', profileScreens);
    expect(await screen.findByRole('button', { name: 'Enable Two-Step Verification' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New recovery codes' })).toBeNull();
  });
});
