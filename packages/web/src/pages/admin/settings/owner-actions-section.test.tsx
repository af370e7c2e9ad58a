import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../lib/notification-store.js';
import type { FakeAnswer, FetchCall } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { bodyOf, buildOrganisation, serveSettings, userRow } from './settings-fixtures.js';

// Deriving at 600,000 iterations is real work: the derivation stands in, telling which password it got.
vi.mock('../../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({ authHash: `hash:${password}` })),
}));

const exportAll = vi.hoisted(() => vi.fn());
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../../../secret-export/export-secrets.js', () => ({ exportAllSecrets: exportAll }));
vi.mock('../../../secret-export/save-file.js', () => ({ saveFile }));

const RIGHT = 'correct horse battery staple';
const notices = () => notificationStore.get().map((notification) => notification.message);
const verify = {
  'POST /api/v1/users/verify_password.json': (call: FetchCall) => ({
    body: { valid: (bodyOf(call) as { password: string }).password === `hash:${RIGHT}` },
  }),
};

async function openOwnerActions(extra: Record<string, FakeAnswer | ((call: FetchCall) => FakeAnswer)> = {}) {
  let stored = buildOrganisation();
  const calls = serveSettings({
    organisation: () => ({ body: stored }),
    extra: {
      ...verify,
      'PUT /api/v1/organisation.json': (call) => {
        stored = { ...stored, ...(bodyOf(call) as { organisation: object }).organisation };
        return { body: stored };
      },
      ...extra,
    },
  });
  const user = userEvent.setup();
  const view = renderApp('/admin/settings');
  await user.click(await screen.findByRole('tab', { name: 'Owner Actions' }));
  return { calls, user, ...view };
}

describe('Owner Actions: organisation name', () => {
  it('renames the organisation; Save is disabled while the name is empty', async () => {
    const { calls, user } = await openOwnerActions();
    expect(await screen.findByText('Acme Ltd')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Organisation Name' }));
    const field = screen.getByLabelText('Organisation Name');
    await user.clear(field);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.type(field, '   ');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.type(field, 'Acme Group ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Acme Group')).toBeTruthy();
    expect(notices()).toContain('Organisation name successfully changed.');
    expect(bodyOf(calls.find((call) => call.method === 'PUT'))).toEqual({
      organisation: { name: 'Acme Group' },
    });
  });
});

describe('Owner Actions: download all secrets', () => {
  beforeEach(() => {
    exportAll.mockReset();
    saveFile.mockReset();
  });

  it('asks for the password, then exports with progress and saves secrets.xlsx', async () => {
    let finish: (value: unknown) => void = () => undefined;
    exportAll.mockImplementation((_userId: string, { onProgress }) => {
      onProgress({ phase: 'opening', done: 120, total: 10_000 });
      return new Promise((resolve) => (finish = resolve));
    });
    const { user } = await openOwnerActions();
    await user.click(await screen.findByRole('button', { name: 'Download all secrets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download all secrets?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong{Enter}');
    expect(await within(dialog).findByText('Password entered is incorrect.')).toBeTruthy();
    expect(exportAll).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    const bar = await screen.findByRole('progressbar', { name: 'Exporting secrets' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Decrypting 120 of 10,000 secrets…');
    expect(exportAll).toHaveBeenCalledWith('u-1', expect.anything());
    const file = new Blob(['xlsx']);
    finish({ file, sheets: 3, exported: 9_998, skipped: 2 });
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(file, 'secrets.xlsx'));
    expect(notices()).toEqual([
      '9,998 secrets saved in secrets.xlsx.',
      '2 secrets could not be decrypted in this browser and are not in the file.',
    ]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('does nothing when SecureConfirm is cancelled', async () => {
    const { user } = await openOwnerActions();
    await user.click(await screen.findByRole('button', { name: 'Download all secrets' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(exportAll).not.toHaveBeenCalled();
  });
});

describe('Owner Actions: transfer', () => {
  const users = {
    'GET /api/v1/users.json': {
      body: {
        items: [
          userRow('u-1', 'Ada Lovelace', true),
          userRow('u-2', 'Bob Stone', true),
          userRow('u-3', 'Cy Member', false),
        ],
        total: 3,
      },
    },
  };

  it('offers the other administrators, needs a pick and the password, then transfers and goes to /', async () => {
    const { calls, user, router } = await openOwnerActions({
      ...users,
      'PATCH /api/v1/organisation/transfer': { body: buildOrganisation({ owner_id: 'u-2' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Ownership' });
    const select = within(dialog).getByLabelText('Administrator');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Pick an administrator', 'Bob Stone (u-2@example.com)']),
    );
    const listed = calls.find((call) => call.path.startsWith('/api/v1/users.json'));
    expect(new URL(listed?.path ?? '', 'http://localhost').searchParams.get('everything')).toBe('true');

    await user.type(within(dialog).getByLabelText('Password'), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(within(dialog).getByText('Please pick an administrator.')).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/v1/users/verify_password'))).toBe(false);

    await user.selectOptions(select, 'Bob Stone (u-2@example.com)');
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'wrong{Enter}');
    expect(await within(dialog).findByText('Password entered is incorrect.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(notices()).toContain('Organisation successfully transferred.');
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/api/v1/organisation/transfer');
    expect(bodyOf(patch)).toEqual({ owner_id: 'u-2' });
    // The password was proven just before, so the session is freshly verified.
    const verified = calls.findIndex((call) => call.path.startsWith('/api/v1/users/verify_password'));
    expect(calls.lastIndexOf(patch as FetchCall)).toBeGreaterThan(verified);
  });

  it("shows 'Error: {error}' when the server refuses", async () => {
    const { user, router } = await openOwnerActions({
      ...users,
      'PATCH /api/v1/organisation/transfer': {
        status: 400,
        body: { error: 'Ownership can only be transferred to an administrator who can sign in.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Ownership' });
    await user.selectOptions(await within(dialog).findByLabelText('Administrator'), 'u-2');
    await user.type(within(dialog).getByLabelText('Password'), `${RIGHT}{Enter}`);
    await waitFor(() =>
      expect(notices()).toContain(
        'Error: Ownership can only be transferred to an administrator who can sign in.',
      ),
    );
    expect(router.state.location.pathname).toBe('/admin/settings');
  });
});

describe('Owner Actions: delete the organisation', () => {
  it("asks for the password, deletes, says 'Organisation deleted successfully.' and logs out", async () => {
    const { calls, user, router } = await openOwnerActions({
      'DELETE /api/v1/organisation': { status: 204 },
      'DELETE /users/sign_out.json': { status: 401, body: { error: 'You need to sign in.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the organisation?' });
    expect(within(dialog).getByText(/Acme Ltd is deleted for good/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Password'), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Organisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(notices()).toContain('Organisation deleted successfully.');
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/organisation')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("says 'Organisation deletion failed.' and stays signed in when the server refuses", async () => {
    const { user, router } = await openOwnerActions({
      'DELETE /api/v1/organisation': { status: 403, body: { error: 'You are not allowed to do this.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the organisation?' });
    await user.type(within(dialog).getByLabelText('Password'), `${RIGHT}{Enter}`);
    await waitFor(() => expect(notices()).toContain('Organisation deletion failed.'));
    expect(router.state.location.pathname).toBe('/admin/settings');
    expect(localStorage.getItem('token')).toBe('tok');
  });
});
