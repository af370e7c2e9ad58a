import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { profileScreens, signInForProfile } from './profile-fixtures.js';

vi.mock('../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({
    authHash: `current:${password}`,
  })),
  rekeyAccount: vi.fn(async (_record: unknown, _current: unknown, next: { email: string }) => ({
    authHash: `next:${next.email}`,
    sealed: { encrypted_private_key: 'new-sealed', private_key_iv: 'new-iv' },
  })),
}));

async function openEmailModal(overrides: Parameters<typeof signInForProfile>[1] = {}) {
  const calls = signInForProfile({}, overrides);
  const view = renderApp('/profile', profileScreens);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change Email' }));
  expect(screen.getByRole('dialog', { name: 'Change Email' })).toBeTruthy();
  return { user, calls, router: view.router };
}

async function typeEmails(user: ReturnType<typeof userEvent.setup>, email: string, confirmation: string) {
  await user.type(screen.getByLabelText('New Email'), email);
  await user.type(screen.getByLabelText('Confirm New Email'), confirmation);
}

describe('the Email modal', () => {
  it('cancels from EMAIL on Escape', async () => {
    const { user } = await openEmailModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Invalid New Email' and 'Emails Do Not Match'", async () => {
    const { user } = await openEmailModal();
    await typeEmails(user, 'not-an-email', 'other@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Email' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Invalid New Email', 'Emails Do Not Match']);
    expect(screen.getByLabelText('New Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('advances on Enter and goes back one step on Escape, keeping what was typed', async () => {
    const { user } = await openEmailModal();
    await typeEmails(user, 'new@example.com', 'NEW@example.com');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Confirm with your password' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change Email' })).toBeTruthy();
    expect(screen.getByLabelText('New Email')).toHaveProperty('value', 'new@example.com');
  });

  it("says 'Incorrect Password' when the password check fails", async () => {
    const { user, calls } = await openEmailModal({
      'POST /api/v1/users/verify_password.json': { body: { valid: false } },
    });
    await typeEmails(user, 'new@example.com', 'new@example.com');
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByText('Incorrect Password')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('asks for the change with the key re-sealed, says it waits for the new address, and shows it pending', async () => {
    const { user, calls, router } = await openEmailModal({
      'POST /api/v1/users/verify_password.json': { body: { valid: true } },
      'PATCH /users.json': { body: {} },
    });
    await typeEmails(user, 'New@Example.com', 'new@example.com');
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Password'), 'my password{Enter}');
    const success = await screen.findByRole('dialog', { name: 'Confirm Your New Email' });
    expect(success.textContent).toContain(
      'We sent a link to new@example.com. Your email changes when you open it (within 24 hours); until then, keep signing in with',
    );
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body))).toEqual({
      user: {
        email: 'new@example.com',
        password: 'next:new@example.com',
        current_password: 'current:my password',
        encrypted_private_key: 'new-sealed',
        private_key_iv: 'new-iv',
      },
    });

    // OK closes; the session goes on, and the Email row shows the address waiting for its link.
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/profile');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(screen.getByText('Waiting for confirmation: new@example.com')).toBeTruthy();
  });

  it("shows the server's refusal in the PASSWORD step", async () => {
    const { user } = await openEmailModal({
      'POST /api/v1/users/verify_password.json': { body: { valid: true } },
      'PATCH /users.json': { status: 400, body: { errors: ['This is already your email address.'] } },
    });
    await typeEmails(user, 'new@example.com', 'new@example.com');
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Password'), 'my password{Enter}');
    expect(await screen.findByText('This is already your email address.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Confirm with your password' })).toBeTruthy();
  });

  it("says 'Could not send email successfully.' when the link did not leave, and resends it", async () => {
    const { user, calls } = await openEmailModal({
      'POST /api/v1/users/verify_password.json': { body: { valid: true } },
      'PATCH /users.json': { body: { mail_sent: false } },
      'POST /users/email_change/resend.json': { body: { mail_sent: true } },
    });
    await typeEmails(user, 'new@example.com', 'new@example.com');
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('Password'), 'my password{Enter}');
    const success = await screen.findByRole('dialog', { name: 'Confirm Your New Email' });
    expect(within(success).getByRole('alert').textContent).toBe('Could not send email successfully.');
    expect(success.textContent).not.toContain('We sent a link');

    await user.click(within(success).getByRole('button', { name: 'Resend email' }));
    expect(await within(success).findByText(/We sent a link to new@example.com\./)).toBeTruthy();
    expect(within(success).queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.path === '/users/email_change/resend.json')).toHaveLength(1);
  });

  it('shows a pending address the profile carries', async () => {
    signInForProfile({ pending_email: 'later@example.com' });
    renderApp('/profile', profileScreens);
    expect(await screen.findByText('Waiting for confirmation: later@example.com')).toBeTruthy();
  });

  it("resends a pending address's link from the Email row, and says when it did not leave", async () => {
    const calls = signInForProfile(
      { pending_email: 'later@example.com' },
      { 'POST /users/email_change/resend.json': { body: { mail_sent: false } } },
    );
    renderApp('/profile', profileScreens);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    const banners = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(banners).findByText('Could not send email successfully.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/users/email_change/resend.json')).toHaveLength(1);
  });
});
