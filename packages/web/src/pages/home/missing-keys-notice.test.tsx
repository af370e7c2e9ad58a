import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  NEWCOMER,
  newcomerPairs,
  renderAdminShell,
  setUpAdminAndNewcomer,
} from '../../components/key-trust/testing/admin-with-newcomer.js';
import { loadTrust } from '../../keys/key-trust.js';
import { MissingKeysNotice, RESHARE_STARTED } from './missing-keys-notice.js';

const setup = setUpAdminAndNewcomer('notice');

describe('missing keys notice', () => {
  it('counts the missing keys; the button shares them once the dialog confirms the newcomer by name', async () => {
    const adminId = setup.newAdminId();
    const { server } = await renderAdminShell(
      setup.admin,
      adminId,
      await newcomerPairs(setup.admin, adminId, setup.nina, 3),
      <MissingKeysNotice />,
    );
    expect(
      await screen.findByText('3 secret keys are missing for colleagues who were given access.'),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reshare Missing Keys' }));
    expect(await screen.findByText(RESHARE_STARTED)).toBeTruthy();
    // The click confirms nobody: the dialog names the newcomer first.
    const dialog = await screen.findByRole('dialog', { name: 'Confirm people before sharing' });
    expect(await within(dialog).findByText(NEWCOMER.name)).toBeTruthy();
    expect(server.deliveries).toEqual([]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: `Confirm ${NEWCOMER.name}` }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share with those confirmed' }));

    expect(await screen.findByText('3 missing keys shared.')).toBeTruthy();
    expect(server.remaining()).toEqual([]);
    expect(await loadTrust(adminId, NEWCOMER.id)).toMatchObject({
      origin: 'confirmed',
      name: NEWCOMER.name,
      email: NEWCOMER.email,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reshare Missing Keys' })).toBeNull());
  }, 30_000);

  it('shares nothing when the dialog is cancelled, and says who waits', async () => {
    const adminId = setup.newAdminId();
    const { server } = await renderAdminShell(
      setup.admin,
      adminId,
      await newcomerPairs(setup.admin, adminId, setup.nina, 1),
      <MissingKeysNotice />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Reshare Missing Keys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm people before sharing' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('1 person waits for your confirmation before getting 1 missing key.'),
    ).toBeTruthy();
    expect(server.deliveries).toEqual([]);
    expect(screen.getByText('1 secret key is missing for a colleague who was given access.')).toBeTruthy();
  }, 30_000);

  it('shows nothing to a user who is not an administrator, and does not ask the server', async () => {
    const { server } = await renderAdminShell(
      setup.admin,
      setup.newAdminId(),
      [],
      <MissingKeysNotice />,
      false,
    );
    await waitFor(() =>
      expect(server.calls.some((call) => call.path.startsWith('/api/v1/profile'))).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Reshare Missing Keys' })).toBeNull();
    expect(server.calls.some((call) => call.path.includes('/api/v1/secret_keys/'))).toBe(false);
  });
});
