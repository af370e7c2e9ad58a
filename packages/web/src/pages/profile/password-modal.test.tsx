import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { profileScreens, signInForProfile } from './profile-fixtures.js';

// Deriving at 600,000 iterations is real work; the modal's behaviour is what is tested here.
vi.mock('../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({
    authHash: `current:${password}`,
  })),
  rekeyAccount: vi.fn(async () => ({
    authHash: 'next-hash',
    sealed: { encrypted_private_key: 'new-sealed', private_key_iv: 'new-iv' },
  })),
}));

async function openPasswordModal(overrides: Parameters<typeof signInForProfile>[1] = {}) {
  const calls = signInForProfile({}, overrides);
  renderApp('/profile', profileScreens);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change Password' }));
  const dialog = screen.getByRole('dialog', { name: 'Change Password' });
  return { user, dialog, calls };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  password: string,
  confirmation: string,
) {
  await user.type(screen.getByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
}

describe('the Password modal', () => {
  it('keeps Save disabled while any of the three fields is empty, and shows the hint', async () => {
    const { user, dialog } = await openPasswordModal();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(within(dialog).getByText('The password should be at least twelve characters long.')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Current Password'), 'old');
    await user.type(screen.getByLabelText('New Password'), 'new');
    expect(save).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Confirm New Password'), 'n');
    expect(save).toHaveProperty('disabled', false);
  });

  it('checks length and match before calling the server', async () => {
    const { user, dialog, calls } = await openPasswordModal();
    await fill(user, 'old password', 'short', 'different');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const items = within(within(dialog).getByRole('alert')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'New Password must be at least 12 characters',
      'Passwords must match',
    ]);
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it("says 'Current password is incorrect' when the password check fails", async () => {
    const { user, dialog, calls } = await openPasswordModal({
      'POST /api/v1/users/verify_password.json': { body: { valid: false } },
    });
    await fill(user, 'wrong password', 'a new password!', 'a new password!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeTruthy();
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("shows the server's refusal as a notification", async () => {
    const { user, dialog } = await openPasswordModal({
      'POST /api/v1/users/verify_password.json': { body: { valid: true } },
      'PATCH /users.json': { status: 400, body: { errors: ['Current password is invalid'] } },
    });
    await fill(user, 'old password', 'a new password!', 'a new password!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const banners = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(banners).findByText('Current password is invalid')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
  });

  it("sends the re-sealed key and ends in 'Password Updated' with 'Click to continue'", async () => {
    const { user, dialog, calls } = await openPasswordModal({
      'POST /api/v1/users/verify_password.json': { body: { valid: true } },
      'PATCH /users.json': { body: {} },
    });
    await fill(user, 'old password', 'a new password!', 'a new password!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const success = await screen.findByRole('dialog', { name: 'Password Updated' });
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(String(patch?.init.body))).toEqual({
      user: {
        password: 'next-hash',
        current_password: 'current:old password',
        encrypted_private_key: 'new-sealed',
        private_key_iv: 'new-iv',
        must_change_password: false,
      },
    });
    expect(JSON.stringify(calls.map((c) => c.init.body))).not.toContain('a new password!');
    await user.click(within(success).getByRole('button', { name: 'Click to continue' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the change and notifies 'Could not send email successfully.' when its notice did not leave", async () => {
    const { user, dialog } = await openPasswordModal({
      'POST /api/v1/users/verify_password.json': { body: { valid: true } },
      'PATCH /users.json': { body: { mail_sent: false } },
    });
    await fill(user, 'old password', 'a new password!', 'a new password!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Password Updated' })).toBeTruthy();
    const banners = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(banners).findByText('Could not send email successfully.')).toBeTruthy();
  });

  it('cancels on Escape', async () => {
    const { user } = await openPasswordModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
