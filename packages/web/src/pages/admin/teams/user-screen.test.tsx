import type { UserDetail } from '@coffer/core';
import { fingerprintWords, publicKeyFingerprint } from '@coffer/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../lib/notification-store.js';
import { installFakeIntersectionObserver } from '../../../test/fake-intersection-observer.js';
import { renderApp } from '../../../test/render-app.js';
import { bodyOf } from '../chests/admin-fixtures.js';
import type { TeamsServer } from './teams-fixtures.js';
import { auditEntry, serveTeams, userDetail } from './teams-fixtures.js';

vi.mock('../../../keys/make-account-keys.js', () => ({
  makeAccountKeys: vi.fn(async (_email: string, password: string) => ({
    keys: {
      authHash: `hash-of-${password}`,
      public_key: 'reset-public',
      encrypted_private_key: 'reset-sealed',
      private_key_iv: 'reset-iv',
      kdf_iterations: 600_000,
    },
    unlock: async () => ({}) as CryptoKey,
  })),
}));

const notices = () => notificationStore.get().map((notification) => notification.message);

/** Opens the user page of `user` as a row click does. */
async function openUserPage(user: UserDetail, server: TeamsServer = {}) {
  const calls = serveTeams({ ...server, details: [user, ...(server.details ?? [])] });
  const view = renderApp('/admin/teams');
  await act(() =>
    view.router.navigate('/admin/teams/user', {
      state: { row: user, context: 'users', from: '/admin/teams' },
    }),
  );
  await screen.findByRole('heading', { name: 'Settings' });
  return { calls, ...view };
}

const toggle = (name: 'Administrator' | 'Block') => screen.getByRole<HTMLInputElement>('switch', { name });

describe('/admin/teams/user: settings', () => {
  it('lets an administrator make a user an administrator and block them', async () => {
    let ben = userDetail('u-2', 'Ben Baker');
    const change = (patch: Partial<UserDetail>) => () => {
      ben = { ...ben, ...patch };
      return { body: ben };
    };
    const { calls } = await openUserPage(ben, {
      extra: {
        'GET /api/v1/users/u-2.json': () => ({ body: ben }),
        'PUT /api/v1/users/u-2.json': change({ administrator: true }),
        'GET /api/v1/users/u-2/lock.json': change({ locked: true }),
      },
    });
    expect(toggle('Administrator').disabled).toBe(false);
    expect(toggle('Block').disabled).toBe(false);
    const user = userEvent.setup();
    await user.click(toggle('Block'));
    await waitFor(() => expect(toggle('Block').checked).toBe(true));
    expect(calls.some((call) => call.path === '/api/v1/users/u-2/lock.json')).toBe(true);
    expect(notices()).toContain('Ben Baker has been blocked.');
    await waitFor(() => expect(toggle('Administrator').disabled).toBe(false));
    await user.click(toggle('Administrator'));
    await waitFor(() => expect(toggle('Administrator').checked).toBe(true));
    expect(bodyOf(calls.find((call) => call.method === 'PUT'))).toEqual({ user: { administrator: true } });
    // An administrator cannot be blocked.
    expect(toggle('Block').disabled).toBe(true);
  });

  it('unblocks a blocked user with unlock.json', async () => {
    let ben = userDetail('u-2', 'Ben Baker', { locked: true });
    const { calls } = await openUserPage(ben, {
      extra: {
        'GET /api/v1/users/u-2.json': () => ({ body: ben }),
        'GET /api/v1/users/u-2/unlock.json': () => {
          ben = { ...ben, locked: false };
          return { body: ben };
        },
      },
    });
    expect(screen.getByRole('list', { name: 'Status' }).textContent).toContain('Blocked');
    await userEvent.setup().click(toggle('Block'));
    await waitFor(() => expect(toggle('Block').checked).toBe(false));
    expect(calls.some((call) => call.path === '/api/v1/users/u-2/unlock.json')).toBe(true);
    expect(notices()).toContain('Ben Baker has been unblocked.');
  });

  it('disables Block for administrators', async () => {
    await openUserPage(userDetail('u-3', 'Cleo Admin', { administrator: true }));
    expect(toggle('Block').disabled).toBe(true);
    expect(toggle('Administrator').disabled).toBe(false);
    expect(screen.getByText('Administrators cannot be blocked.')).toBeTruthy();
  });

  it('disables the administrator toggle and Remove on your own account', async () => {
    // The signed-in administrator is u-1 (and the owner).
    await openUserPage(userDetail('u-1', 'Ada Lovelace', { administrator: true }));
    expect(toggle('Administrator').disabled).toBe(true);
    expect(toggle('Block').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it("disables the administrator toggle and Remove on the owner's page for another administrator", async () => {
    await openUserPage(userDetail('u-1', 'Ada Lovelace', { administrator: true }), {
      profile: { id: 'u-4' },
    });
    expect(toggle('Administrator').disabled).toBe(true);
    expect(screen.getByText('Not available for your own account or the account owner.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('offers Remove on anyone else', async () => {
    await openUserPage(userDetail('u-2', 'Ben Baker'));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('shows the key fingerprint that Account Settings tells users to compare, as words and hex', async () => {
    await openUserPage(userDetail('u-2', 'Ben Baker', { public_key: 'cHVi' }));
    const shown = await screen.findByTestId('key-fingerprint');
    const fingerprint = await publicKeyFingerprint('cHVi');
    expect(within(shown).getByTestId('fingerprint-hex').textContent).toBe(fingerprint);
    expect(within(shown).getByTestId('fingerprint-words').textContent).toBe(
      fingerprintWords(fingerprint).join(' '),
    );
  });

  it('resets the password through the Input modal with a new key pair made here', async () => {
    const ben = userDetail('u-2', 'Ben Baker');
    const { calls } = await openUserPage(ben, {
      extra: {
        'PATCH /api/v1/users/u-2/reset_password.json': { body: { ...ben, must_change_password: true } },
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    const field = within(dialog).getByLabelText<HTMLInputElement>('New Password');
    expect(field.value).toHaveLength(12);
    await user.clear(field);
    await user.type(field, 'too short');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(within(dialog).getByText('Password must be at least 12 characters long.')).toBeTruthy();
    await user.type(field, ' but now long');
    await user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(notices()).toContain('The password of Ben Baker has been reset.'));
    const reset = calls.find((call) => call.path === '/api/v1/users/u-2/reset_password.json');
    expect(reset?.method).toBe('PATCH');
    expect(bodyOf(reset)).toEqual({
      user: {
        public_key: 'reset-public',
        encrypted_private_key: 'reset-sealed',
        private_key_iv: 'reset-iv',
        password: 'hash-of-too short but now long',
        password_confirmation: 'hash-of-too short but now long',
        kdf_iterations: 600_000,
      },
    });
  });

  it("lists the user's chests with Administrator, Read & Write or Read only", async () => {
    await openUserPage(
      userDetail('u-2', 'Ben Baker', {
        permissions: [
          { vault_id: 'c-1', name: 'Operations', edit_access: true, manager: false },
          { vault_id: 'c-2', name: 'Finance', edit_access: false, manager: true },
          { vault_id: 'c-3', name: 'Handbook', edit_access: false, manager: false },
        ],
      }),
    );
    const table = screen.getByRole('table', { name: 'Chests of Ben Baker' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'OperationsRead & Write',
      'FinanceRead & Write',
      'HandbookRead only',
    ]);
  });
});

describe('/admin/teams/user: User Activity Log', () => {
  it("pages the log by 10, newest first, filtered by the user's id, until the total", async () => {
    const scroll = installFakeIntersectionObserver();
    const entries = Array.from({ length: 13 }, (_, index) => auditEntry(index + 1));
    const { calls } = await openUserPage(userDetail('u-2', 'Ben Baker'), { activity: entries });
    const log = await screen.findByRole('table', { name: 'User Activity Log' });
    await within(log).findByText('Action 10');
    expect(within(log).getAllByRole('row')).toHaveLength(11);
    expect(
      within(log)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Activity', 'ID']);
    act(() => scroll.scrollToEnd());
    await within(log).findByText('Action 13');
    const pages = calls
      .filter((call) => call.path.startsWith('/api/v1/audit_log_entries.json'))
      .map((call) => Object.fromEntries(new URL(call.path, 'http://x').searchParams));
    expect(pages).toEqual([
      { filter: 'u-2', limit: '10', offset: '0', order: 'created_at desc' },
      { filter: 'u-2', limit: '10', offset: '10', order: 'created_at desc' },
    ]);
    act(() => scroll.scrollToEnd());
    expect(calls.filter((call) => call.path.startsWith('/api/v1/audit_log_entries.json'))).toHaveLength(2);
  });

  it("says 'No Recent Logs' when there is nothing", async () => {
    await openUserPage(userDetail('u-2', 'Ben Baker'), { activity: [] });
    const log = await screen.findByRole('table', { name: 'User Activity Log' });
    expect(await within(log).findByText('No Recent Logs')).toBeTruthy();
  });
});
