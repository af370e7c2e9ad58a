import { publicKeyFingerprint } from '@coffer/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OWN_KEY_ALARM_TEXT } from '../../components/key-trust/own-key-alarm.js';
import { makeTestUserKeys, type TestUserKeys } from '../../crypto-client/testing/test-user-keys.js';
import { deletePrivateKey, savePrivateKey } from '../../keys/key-store.js';
import { renderApp } from '../../test/render-app.js';
import { profileScreens, signInForProfile } from './profile-fixtures.js';

let me: TestUserKeys;
beforeAll(async () => {
  me = await makeTestUserKeys('u-1');
}, 90_000);
afterEach(() => deletePrivateKey());

describe('Account Settings', () => {
  it('shows the rows and the fingerprint of the proven own key, in groups of four hex digits', async () => {
    await savePrivateKey(me.privateKey);
    signInForProfile({ public_key: me.publicKey });
    renderApp('/profile', profileScreens);
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Display Name' })).toBeTruthy();
    for (const label of ['Email', 'Password', 'Two-Step Verification'])
      expect(screen.getByRole('heading', { name: label })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    const shown = await screen.findByTestId('key-fingerprint');
    const fingerprint = within(shown).getByTestId('fingerprint-hex').textContent;
    expect(fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
    expect(fingerprint).toBe(await publicKeyFingerprint(me.publicKey));
  });

  it('shows no fingerprint when this browser holds no private key to prove the listed key with', async () => {
    signInForProfile({ public_key: me.publicKey });
    renderApp('/profile', profileScreens);
    expect(await screen.findByText(OWN_KEY_ALARM_TEXT.noPrivateKey)).toBeTruthy();
    expect(screen.queryByTestId('key-fingerprint')).toBeNull();
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
