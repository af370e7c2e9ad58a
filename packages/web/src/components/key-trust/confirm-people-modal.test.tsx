import { fingerprintWords, publicKeyFingerprint } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PersonToConfirm } from '../../crypto-client/index.js';
import { makeTestUserKeys } from '../../crypto-client/testing/test-user-keys.js';
import { withKeyDatabaseStore } from '../../keys/key-database.js';
import { loadTrust, trustConfirmedKey } from '../../keys/key-trust.js';
import { confirmPeople, SHARE_LABEL, SHARE_WITH_CONFIRMED_LABEL } from './confirm-people-modal.js';
import { NEWCOMER, renderAdminShell, setUpAdminAndNewcomer } from './testing/admin-with-newcomer.js';

const setup = setUpAdminAndNewcomer('dialog');

async function nina(overrides: Partial<PersonToConfirm> = {}): Promise<PersonToConfirm> {
  return {
    userId: NEWCOMER.id,
    publicKey: setup.nina.publicKey,
    fingerprint: await publicKeyFingerprint(setup.nina.publicKey),
    reason: 'unconfirmed',
    reasons: [{ kind: 'administrator' }, { kind: 'team', team_id: 't-1', team_name: 'Crew' }],
    ...overrides,
  };
}

// A second person the server names nowhere, reading as the chest's manager.
async function omar(): Promise<PersonToConfirm> {
  return {
    userId: 'u-omar',
    publicKey: setup.admin.publicKey,
    fingerprint: await publicKeyFingerprint(setup.admin.publicKey),
    reason: 'unconfirmed',
    reasons: [{ kind: 'manager' }],
  };
}

describe('the confirmation dialog', () => {
  it('names each person with e-mail, fingerprint as words and hex, and why they read; Enter confirms nobody', async () => {
    const adminId = setup.newAdminId();
    await renderAdminShell(setup.admin, adminId, []);
    const person = await nina();
    const answer = confirmPeople([person], 'save', adminId);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm people before sharing' });
    expect(await within(dialog).findByText(NEWCOMER.name)).toBeTruthy();
    expect(within(dialog).getByText(NEWCOMER.email)).toBeTruthy();
    expect(within(dialog).getByTestId('fingerprint-hex').textContent).toBe(person.fingerprint);
    expect(within(dialog).getByTestId('fingerprint-words').textContent).toBe(
      fingerprintWords(person.fingerprint).join(' '),
    );
    // The server's claim, said to be one.
    expect(within(dialog).getByTestId('person-reasons').textContent).toBe(
      'Reads as, the server says: Administrator (reads every secret) · Member of the team Crew',
    );
    expect(document.activeElement?.textContent).toBe('Cancel');
    await userEvent.keyboard('{Enter}');
    expect(await answer).toEqual([]);
    expect(await loadTrust(adminId, NEWCOMER.id)).toBeUndefined();
  }, 30_000);

  it('asks person by person: a save shares only once everyone is ticked, with the name and e-mail shown', async () => {
    const adminId = setup.newAdminId();
    await renderAdminShell(setup.admin, adminId, []);
    const people = [await nina(), await omar()];
    const answer = confirmPeople(people, 'save', adminId);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm people before sharing' });
    expect(within(dialog).queryByRole('button', { name: 'Confirm and share' })).toBeNull();
    const share = within(dialog).getByRole('button', { name: SHARE_LABEL });
    expect(share).toHaveProperty('disabled', true);
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: `Confirm ${NEWCOMER.name}` }));
    expect(share).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('Manager of this chest', { exact: false })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Confirm Unknown user u-omar' }));
    expect(share).toHaveProperty('disabled', false);
    await userEvent.click(share);
    expect(await answer).toEqual([
      { userId: NEWCOMER.id, publicKey: setup.nina.publicKey, name: NEWCOMER.name, email: NEWCOMER.email },
      { userId: 'u-omar', publicKey: setup.admin.publicKey, name: null, email: null },
    ]);
  }, 30_000);

  it('lets a reshare share with those ticked, leaving the others to wait', async () => {
    const adminId = setup.newAdminId();
    await renderAdminShell(setup.admin, adminId, []);
    const answer = confirmPeople([await nina({ reasons: undefined }), await omar()], 'reshare', adminId);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm people before sharing' });
    const share = within(dialog).getByRole('button', { name: SHARE_WITH_CONFIRMED_LABEL });
    expect(share).toHaveProperty('disabled', true);
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: `Confirm ${NEWCOMER.name}` }));
    await userEvent.click(share);
    expect((await answer).map((person) => person.userId)).toEqual([NEWCOMER.id]);
  }, 30_000);

  it('warns when a person uses the e-mail of someone confirmed under another account', async () => {
    const adminId = setup.newAdminId();
    const other = await makeTestUserKeys('u-real-nina');
    await trustConfirmedKey(adminId, 'u-real-nina', other.publicKey, {
      name: 'Nina Newcomer',
      email: NEWCOMER.email.toUpperCase(),
    });
    await renderAdminShell(setup.admin, adminId, []);
    void confirmPeople([await nina()], 'save', adminId);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm people before sharing' });
    expect(
      await within(dialog).findByText(
        `${NEWCOMER.name} uses the e-mail of Nina Newcomer, whom you confirmed under another account.`,
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  }, 60_000);

  it('warns when a trusted person’s e-mail changed, and says what was confirmed for their old key', async () => {
    const adminId = setup.newAdminId();
    await trustConfirmedKey(adminId, NEWCOMER.id, setup.admin.publicKey, {
      name: NEWCOMER.name,
      email: 'nina@old.example',
    });
    await renderAdminShell(setup.admin, adminId, []);
    const previousFingerprint = await publicKeyFingerprint(setup.admin.publicKey);
    void confirmPeople([await nina({ reason: 'changed', previousFingerprint })], 'save', adminId);
    const dialog = await screen.findByRole('dialog', { name: 'Security warning' });
    expect(
      await within(dialog).findByText(
        `${NEWCOMER.name}’s e-mail changed since you confirmed them: was nina@old.example, now ${NEWCOMER.email}.`,
      ),
    ).toBeTruthy();
    const changed = within(dialog).getByText(/has changed since this browser last saw it/);
    expect(changed.textContent).toContain(`(it was ${previousFingerprint})`);
    expect(changed.textContent).toContain(
      `You confirmed their previous key as ${NEWCOMER.name} (nina@old.example).`,
    );
    // No coaching into accepting a substituted key: the text says when not to confirm.
    expect(changed.textContent).not.toMatch(/expected/i);
    expect(changed.textContent).toContain('do not confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  }, 30_000);

  it('says so honestly for a key confirmed before names were kept', async () => {
    const adminId = setup.newAdminId();
    // A record as the previous version wrote it: no name, no e-mail.
    const old = {
      userId: NEWCOMER.id,
      fingerprint: await publicKeyFingerprint(setup.admin.publicKey),
      origin: 'confirmed',
      trustedAt: '2026-01-01T00:00:00.000Z',
    };
    await withKeyDatabaseStore('trust', 'readwrite', (store) => store.put(old, `${adminId}:${NEWCOMER.id}`));
    expect(await loadTrust(adminId, NEWCOMER.id)).toEqual(old);
    await renderAdminShell(setup.admin, adminId, []);
    void confirmPeople(
      [await nina({ reason: 'changed', previousFingerprint: old.fingerprint })],
      'save',
      adminId,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Security warning' });
    // The records are read once the dialog is open.
    await waitFor(() =>
      expect(within(dialog).getByText(/has changed since this browser last saw it/).textContent).toContain(
        'You confirmed their previous key before names were kept.',
      ),
    );
    // Nothing to compare with, so no e-mail warning is made up.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  }, 30_000);
});
