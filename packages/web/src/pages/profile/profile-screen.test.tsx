import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { profileScreens, signInForProfile } from './profile-test-setup.js';

describe('Account Settings', () => {
  it('shows the rows and the key fingerprint in groups of four hex digits', async () => {
    signInForProfile();
    renderApp('/profile', profileScreens);
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Display Name' })).toBeTruthy();
    for (const label of ['Email', 'Password', 'Two-Step Verification'])
      expect(screen.getByRole('heading', { name: label })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect((await screen.findByTestId('key-fingerprint')).textContent).toMatch(
      /^([0-9a-f]{4} ){15}[0-9a-f]{4}$/,
    );
  });

  it('edits the display name', async () => {
    const calls = signInForProfile({}, { 'PATCH /api/v1/profile.json': { body: {} } });
    renderApp('/profile', profileScreens);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Display Name' }));
    const field = screen.getByRole('textbox', { name: 'Display Name' });
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.type(field, 'Countess Lovelace{Enter}');
    expect(await screen.findByText('Display name updated.')).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')?.init.body))).toEqual({
      user: { name: 'Countess Lovelace' },
    });
    expect(screen.getAllByText('Countess Lovelace').length).toBeGreaterThan(0);
  });

  it('asks before disabling two-step verification, then disables it', async () => {
    const calls = signInForProfile(
      { otp_required_for_login: true },
      {
        'PUT /api/v1/two-factor-disable.json': {
          body: { '2fa': 'Success: Two-factor authentication has been disabled.' },
        },
      },
    );
    renderApp('/profile', profileScreens);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable Two-Step Verification' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to disable 2FA?' });
    expect(
      within(dialog).getByText('This will allow anybody with your account password to access the account.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Success: Two-factor authentication has been disabled.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/v1/two-factor-disable.json')).toBe(true);
  });

  it('shows a disable answer without Success as an error', async () => {
    signInForProfile(
      { otp_required_for_login: true },
      {
        'PUT /api/v1/two-factor-disable.json': {
          body: { '2fa': 'Two-factor authentication is not enabled.' },
        },
      },
    );
    renderApp('/profile', profileScreens);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable Two-Step Verification' }));
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const banner = await screen.findByText('Two-factor authentication is not enabled.');
    expect(banner.closest('.notification')?.className).toContain('notification--error');
  });

  it('sends a user without two-step verification to /profile/twofactor', async () => {
    signInForProfile({ otp_required_for_login: false });
    const { router } = renderApp('/profile', profileScreens);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enable Two-Step Verification' }));
    expect(await screen.findByText('Two-factor setup screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile/twofactor');
  });

  it("returns to the previous path with 'Go back' and with Esc", async () => {
    signInForProfile();
    const { router } = renderApp('/', profileScreens);
    await screen.findByText('Dashboard screen');
    await act(() => router.navigate('/profile'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();

    await act(() => router.navigate('/profile'));
    await screen.findByRole('heading', { name: 'Account Settings' });
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Dashboard screen')).toBeTruthy();
  });
});
