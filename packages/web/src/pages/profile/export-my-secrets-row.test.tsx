import { PASSWORDS_MUST_MATCH_MESSAGE } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../lib/notification-store.js';
import type { FetchCall } from '../../test/mock-fetch.js';
import { renderApp } from '../../test/render-app.js';
import { BITWARDEN_NOT_ENCRYPTED_WARNING, EXPORT_PASSWORD_LENGTH_MESSAGE } from './export-choice-modal.js';
import { profileScreens, signInForProfile } from './profile-fixtures.js';

// Deriving at 600,000 iterations is real work: the derivation stands in, telling which password it got.
vi.mock('../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({ authHash: `hash:${password}` })),
}));

const exportMine = vi.hoisted(() => vi.fn());
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../../secret-export/export-my-secrets.js', () => ({ exportMySecrets: exportMine }));
vi.mock('../../secret-export/save-file.js', () => ({ saveFile }));

const RIGHT = 'correct horse battery staple';
const EXPORT_PASSWORD = 'a long export password';
const notices = () => notificationStore.get().map((notification) => notification.message);

function openAccountSettings() {
  signInForProfile(
    {},
    {
      'POST /api/v1/users/verify_password.json': (call: FetchCall) => ({
        body: { valid: JSON.parse(String(call.init.body)).password === `hash:${RIGHT}` },
      }),
    },
  );
  renderApp('/profile', profileScreens);
  return userEvent.setup();
}

async function proveAndChoose(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Export my secrets' }));
  const proof = await screen.findByRole('dialog', { name: 'Export my secrets?' });
  await user.type(within(proof).getByLabelText('Password'), 'wrong{Enter}');
  expect(await within(proof).findByText('Password entered is incorrect.')).toBeTruthy();
  expect(screen.queryByRole('dialog', { name: 'Export my secrets' })).toBeNull();
  await user.clear(within(proof).getByLabelText('Password'));
  await user.type(within(proof).getByLabelText('Password'), RIGHT);
  await user.click(within(proof).getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name: 'Export my secrets' });
}

describe('Account Settings: Export my secrets', () => {
  beforeEach(() => {
    exportMine.mockReset();
    saveFile.mockReset();
  });

  it('proves the password, asks for an export password twice, exports with progress and saves the zip', async () => {
    let finish: (value: unknown) => void = () => undefined;
    exportMine.mockImplementation((_userId: string, _choice: unknown, { onProgress }) => {
      onProgress({ phase: 'files', done: 3, total: 8 });
      return new Promise((resolve) => (finish = resolve));
    });
    const user = openAccountSettings();
    const choice = await proveAndChoose(user);
    expect(within(choice).getByRole('radio', { name: /Coffer export/ })).toHaveProperty('checked', true);
    const exportButton = within(choice).getByRole('button', { name: 'Export' });
    expect(exportButton).toHaveProperty('disabled', true);

    await user.type(within(choice).getByLabelText('Export Password'), 'too short');
    await user.type(within(choice).getByLabelText('Confirm Export Password'), 'too shorter');
    await user.click(exportButton);
    const banner = within(choice).getByRole('alert');
    expect(within(banner).getByText(EXPORT_PASSWORD_LENGTH_MESSAGE)).toBeTruthy();
    expect(within(banner).getByText(PASSWORDS_MUST_MATCH_MESSAGE)).toBeTruthy();
    expect(within(choice).getByRole('meter', { name: 'Password strength' })).toBeTruthy();
    expect(exportMine).not.toHaveBeenCalled();

    await user.clear(within(choice).getByLabelText('Export Password'));
    await user.type(within(choice).getByLabelText('Export Password'), EXPORT_PASSWORD);
    await user.clear(within(choice).getByLabelText('Confirm Export Password'));
    await user.type(within(choice).getByLabelText('Confirm Export Password'), EXPORT_PASSWORD);
    await user.click(exportButton);

    const bar = await screen.findByRole('progressbar', { name: 'Exporting my secrets' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Downloading 3 of 8 files…');
    expect(exportMine).toHaveBeenCalledWith(
      'u-1',
      { format: 'coffer-export', password: EXPORT_PASSWORD },
      expect.anything(),
    );
    const file = new Blob(['zip']);
    finish({
      file,
      fileName: 'coffer-export-2026-03-01.zip',
      exported: 12,
      skipped: 1,
      files: 7,
      filesLeftOut: 0,
      filesDamaged: 1,
    });
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file, 'coffer-export-2026-03-01.zip'));
    expect(notices()).toEqual([
      '12 secrets and 7 files saved in coffer-export-2026-03-01.zip.',
      '1 secret could not be decrypted in this browser and is not in the file.',
      '1 file is damaged and not in the file.',
    ]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('warns that the Bitwarden file is not encrypted, and says which files it leaves out', async () => {
    exportMine.mockResolvedValue({
      file: new Blob(['{}']),
      fileName: 'coffer-bitwarden-2026-03-01.json',
      exported: 1,
      skipped: 0,
      files: 0,
      filesLeftOut: 2,
      filesDamaged: 0,
    });
    const user = openAccountSettings();
    const choice = await proveAndChoose(user);
    await user.click(within(choice).getByRole('radio', { name: /Bitwarden JSON/ }));
    expect(within(choice).getByRole('alert').textContent).toBe(BITWARDEN_NOT_ENCRYPTED_WARNING);
    expect(within(choice).queryByLabelText('Export Password')).toBeNull();
    await user.click(within(choice).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled());
    expect(exportMine).toHaveBeenCalledWith('u-1', { format: 'bitwarden-json' }, expect.anything());
    expect(notices()).toEqual([
      '1 secret saved in coffer-bitwarden-2026-03-01.json.',
      '2 files attached to your secrets are not in a Bitwarden file: choose the Coffer export to keep them.',
    ]);
  });

  it('exports nothing when the proof or the choice is cancelled', async () => {
    const user = openAccountSettings();
    await user.click(await screen.findByRole('button', { name: 'Export my secrets' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    const choice = await proveAndChoose(user);
    await user.click(within(choice).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(exportMine).not.toHaveBeenCalled();
  });
});
