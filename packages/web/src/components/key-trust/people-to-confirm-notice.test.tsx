import { fingerprintWords, publicKeyFingerprint, trustEntryHash, unwrapSecretKey } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  freshSigner,
  TrustLogBuilder,
  testId,
} from '../../../../core/src/trust-log/testing/trust-log-builder.js';
import { loadTrust, trustCreatedKey } from '../../keys/key-trust.js';
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
    const fingerprint = await publicKeyFingerprint(setup.nina.publicKey);
    expect(within(list).getByTestId('fingerprint-hex').textContent).toBe(fingerprint);
    expect(within(list).getByTestId('fingerprint-words').textContent).toBe(
      fingerprintWords(fingerprint).join(' '),
    );
    expect(within(list).getByText('3 keys waiting')).toBeTruthy();
    expect(server.deliveries).toEqual([]);

    await userEvent.click(within(list).getByRole('button', { name: `Confirm ${NEWCOMER.name}` }));
    await waitFor(() => expect(server.remaining()).toEqual([]));
    // The record binds the person shown beside the fingerprint, not only the id.
    expect(await loadTrust(adminId, NEWCOMER.id)).toMatchObject({
      origin: 'confirmed',
      name: NEWCOMER.name,
      email: NEWCOMER.email,
    });
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

  it('asks nothing about missing keys when the verified trust log says the profile’s administrator is not one', async () => {
    const owner = await freshSigner(testId('user', 1));
    const log = new TrustLogBuilder('org-1');
    const genesis = await log.append(owner, {
      op: 'genesis',
      body: { name: 'Office', email: 'owner@office.test', public_key: owner.publicKey },
    });
    const items = [{ ...genesis, seq: 0, hash: await trustEntryHash(genesis) }];
    const { server } = await renderAdminShell(setup.admin, setup.newAdminId(), [], null, true, items);
    await waitFor(() =>
      expect(server.calls.some((call) => call.path.startsWith('/api/v1/trust_log'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.calls.some((call) => call.path.includes('/secret_keys/'))).toBe(false);
  }, 30_000);
});
