import { publicKeyFingerprint, unwrapSecretKey } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadTrust, trustCreatedKey } from '../../keys/key-trust.js';
import { confirmPeople } from './confirm-people-modal.js';
import {
  NEWCOMER,
  newcomerPairs,
  renderAdminShell,
  setUpAdminAndNewcomer,
} from './testing/admin-with-newcomer.js';

const setup = setUpAdminAndNewcomer('list');

describe('people to confirm', () => {
  it('names an account this browser never confirmed, shares nothing for it, and shares once confirmed', async () => {
    const adminId = setup.newAdminId();
    const { server } = await renderAdminShell(
      setup.admin,
      adminId,
      await newcomerPairs(setup.admin, adminId, setup.nina, 3),
    );
    const list = await screen.findByRole('region', { name: 'People to confirm' });
    expect(await within(list).findByText(NEWCOMER.name)).toBeTruthy();
    expect(within(list).getByText(NEWCOMER.email)).toBeTruthy();
    expect(within(list).getByTestId('person-fingerprint').textContent).toBe(
      await publicKeyFingerprint(setup.nina.publicKey),
    );
    expect(within(list).getByText('3 keys waiting')).toBeTruthy();
    expect(server.deliveries).toEqual([]);

    await userEvent.click(within(list).getByRole('button', { name: `Confirm ${NEWCOMER.name}` }));
    await waitFor(() => expect(server.remaining()).toEqual([]));
    expect(await loadTrust(adminId, NEWCOMER.id)).toMatchObject({ origin: 'confirmed' });
    const share = server.deliveries.flat().find((one) => one.secret_id === 's-1');
    await expect(
      unwrapSecretKey(share?.encrypted_value ?? '', setup.nina.privateKey, {
        secretId: 's-1',
        userId: NEWCOMER.id,
      }),
    ).resolves.toHaveLength(32);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'People to confirm' })).toBeNull());
  }, 30_000);

  it('delivers the keys of a person whose key this browser made, without asking or listing anyone', async () => {
    const adminId = setup.newAdminId();
    await trustCreatedKey(NEWCOMER.id, setup.nina.publicKey, adminId);
    const { server } = await renderAdminShell(
      setup.admin,
      adminId,
      await newcomerPairs(setup.admin, adminId, setup.nina, 2),
    );
    await waitFor(() => expect(server.remaining()).toEqual([]));
    expect(screen.queryByRole('region', { name: 'People to confirm' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 30_000);

  it('puts a person off with Not now, still sharing nothing for them', async () => {
    const adminId = setup.newAdminId();
    const { server } = await renderAdminShell(
      setup.admin,
      adminId,
      await newcomerPairs(setup.admin, adminId, setup.nina, 1),
    );
    const list = await screen.findByRole('region', { name: 'People to confirm' });
    await userEvent.click(await within(list).findByRole('button', { name: `Not now: ${NEWCOMER.name}` }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'People to confirm' })).toBeNull());
    expect(server.deliveries).toEqual([]);
    expect(await loadTrust(adminId, NEWCOMER.id)).toBeUndefined();
  }, 30_000);

  it('shows nothing to a member, and asks the server nothing about missing keys', async () => {
    const { server } = await renderAdminShell(setup.admin, setup.newAdminId(), [], null, false);
    await waitFor(() => expect(server.calls.some((call) => call.path.includes('/profile'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls.some((call) => call.path.includes('/secret_keys/'))).toBe(false);
  });
});

describe('the confirmation dialog', () => {
  it('names each person with e-mail and fingerprint, starts on Cancel, and Enter does not confirm', async () => {
    await renderAdminShell(setup.admin, setup.newAdminId(), []);
    const person = {
      userId: NEWCOMER.id,
      publicKey: setup.nina.publicKey,
      fingerprint: await publicKeyFingerprint(setup.nina.publicKey),
      reason: 'unconfirmed' as const,
    };
    const answer = confirmPeople([person], 'save');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm people before sharing' });
    expect(await within(dialog).findByText(NEWCOMER.name)).toBeTruthy();
    expect(within(dialog).getByText(NEWCOMER.email)).toBeTruthy();
    expect(within(dialog).getByText(person.fingerprint)).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await userEvent.keyboard('{Enter}');
    expect(await answer).toBe(false);

    const again = confirmPeople(
      [{ ...person, reason: 'changed', previousFingerprint: 'abcd 1234' }],
      'reshare',
    );
    const warning = await screen.findByRole('dialog', { name: 'Security warning' });
    expect(
      within(warning).getByText(/has changed since this browser last saw it \(it was abcd 1234\)/),
    ).toBeTruthy();
    await userEvent.click(within(warning).getByRole('button', { name: 'Confirm and share' }));
    expect(await again).toBe(true);
  }, 30_000);
});
