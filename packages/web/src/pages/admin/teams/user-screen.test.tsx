import type { UserDetail } from '@coffer/core';
import { fingerprintWords, publicKeyFingerprint } from '@coffer/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OWN_KEY_ALARM_TEXT } from '../../../components/key-trust/own-key-alarm.js';
import { makeTestUserKeys, type TestUserKeys } from '../../../crypto-client/testing/test-user-keys.js';
import { deletePrivateKey, savePrivateKey } from '../../../keys/key-store.js';
import { makeAccountKeys } from '../../../keys/make-account-keys.js';
import { notificationStore } from '../../../lib/notification-store.js';
import { installFakeIntersectionObserver } from '../../../test/fake-intersection-observer.js';
import {
  PASSWORD_AGAIN,
  passwordProofs,
  provePasswordIn,
  refuseUntilProven,
  verifyPasswordRoute,
} from '../../../test/password-prompt.js';
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
    unlock: async () => undefined,
  })),
}));

// SecureConfirm's derivation stands in (test/password-prompt.ts).
vi.mock('../../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({ authHash: `hash:${password}` })),
}));

const notices = () => notificationStore.get().map((notification) => notification.message);

/** Opens the user page of `user` as a row click does. */
async function openUserPage(user: UserDetail, server: TeamsServer = {}) {
  const calls = serveTeams({
    ...server,
    details: [user, ...(server.details ?? [])],
    extra: { ...verifyPasswordRoute, ...server.extra },
  });
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
    await provePasswordIn(user, 'Make Ben Baker an administrator?');
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

  it("resends a Pending user's confirmation mail and says when it did not leave", async () => {
    let answer = { mail_sent: false };
    const { calls } = await openUserPage(userDetail('u-2', 'Ben Baker', { confirmed_at: null }), {
      extra: { 'POST /api/v1/users/u-2/confirmation.json': () => ({ body: answer }) },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    await waitFor(() => expect(notices()).toContain('Could not send email successfully.'));
    answer = { mail_sent: true };
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    await waitFor(() =>
      expect(notices().some((notice) => notice.startsWith('A new confirmation email has been sent to'))).toBe(
        true,
      ),
    );
    expect(calls.filter((call) => call.path === '/api/v1/users/u-2/confirmation.json')).toHaveLength(2);
  });

  it('offers no resend once the user has confirmed', async () => {
    await openUserPage(userDetail('u-2', 'Ben Baker'));
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).toBeNull();
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

  describe("the administrator's own row", () => {
    let me: TestUserKeys;
    let mallory: TestUserKeys;
    beforeAll(async () => {
      [me, mallory] = await Promise.all([makeTestUserKeys('u-1'), makeTestUserKeys('u-mallory')]);
    }, 90_000);
    afterEach(() => deletePrivateKey());

    it('shows the fingerprint of their own key once it is proven against the private key unlocked here', async () => {
      await savePrivateKey(me.privateKey);
      await openUserPage(
        userDetail('u-1', 'Ada Lovelace', { administrator: true, public_key: me.publicKey }),
        {
          profile: { public_key: me.publicKey },
        },
      );
      const shown = await screen.findByTestId('key-fingerprint');
      expect(within(shown).getByTestId('fingerprint-hex').textContent).toBe(
        await publicKeyFingerprint(me.publicKey),
      );
    });

    it("shows no fingerprint when the user page lists another key as the administrator's own", async () => {
      await savePrivateKey(me.privateKey);
      await openUserPage(
        userDetail('u-1', 'Ada Lovelace', { administrator: true, public_key: mallory.publicKey }),
        { profile: { public_key: me.publicKey } },
      );
      expect((await screen.findByRole('alert')).textContent).toBe(OWN_KEY_ALARM_TEXT.noFingerprint);
      expect(screen.queryByTestId('key-fingerprint')).toBeNull();
    });
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
    await provePasswordIn(user, 'Reset the password of Ben Baker?');
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

describe('/admin/teams/user: the password before the administrator flag and a reset', () => {
  const order = (calls: { method: string; path: string }[]) =>
    calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path.replace(/\?.*/, '')}`);

  it('asks before making an administrator, and changes nothing when cancelled', async () => {
    const ben = userDetail('u-2', 'Ben Baker');
    const { calls } = await openUserPage(ben, {
      extra: { 'PUT /api/v1/users/u-2.json': { body: { ...ben, administrator: true } } },
    });
    const user = userEvent.setup();
    await user.click(toggle('Administrator'));
    const dialog = screen.getByRole('dialog', { name: 'Make Ben Baker an administrator?' });
    expect(
      within(dialog).getByText(
        'Administrators manage chests, teams, users and settings, and read every secret. Enter your password to continue.',
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Password'), 'a guess{Enter}');
    expect(await within(dialog).findByText('Password entered is incorrect.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle('Administrator').checked).toBe(false);
    expect(order(calls)).toEqual(['POST /api/v1/users/verify_password.json']);
  });

  it('asks before removing the rights, then sends the flag', async () => {
    const cleo = userDetail('u-3', 'Cleo Admin', { administrator: true });
    const { calls } = await openUserPage(cleo, {
      extra: { 'PUT /api/v1/users/u-3.json': { body: { ...cleo, administrator: false } } },
    });
    const user = userEvent.setup();
    await user.click(toggle('Administrator'));
    await provePasswordIn(user, 'Remove the administrator rights of Cleo Admin?');
    await waitFor(() => expect(notices()).toContain('Cleo Admin is no longer an administrator.'));
    expect(order(calls)).toEqual(['POST /api/v1/users/verify_password.json', 'PUT /api/v1/users/u-3.json']);
    expect(bodyOf(calls.find((call) => call.method === 'PUT'))).toEqual({ user: { administrator: false } });
  });

  it('asks again and sends the change again when the server wants the password again', async () => {
    const ben = userDetail('u-2', 'Ben Baker');
    const { calls } = await openUserPage(ben, {
      extra: {
        'PUT /api/v1/users/u-2.json': refuseUntilProven(1, { body: { ...ben, administrator: true } }),
      },
    });
    const user = userEvent.setup();
    await user.click(toggle('Administrator'));
    await provePasswordIn(user, 'Make Ben Baker an administrator?');
    // The five minutes ran out on the way: the same prompt again, not a dead end.
    await provePasswordIn(user, 'Make Ben Baker an administrator?');
    await waitFor(() => expect(notices()).toContain('Ben Baker is now an administrator.'));
    expect(notices()).not.toContain(PASSWORD_AGAIN);
    expect(order(calls)).toEqual([
      'POST /api/v1/users/verify_password.json',
      'PUT /api/v1/users/u-2.json',
      'POST /api/v1/users/verify_password.json',
      'PUT /api/v1/users/u-2.json',
    ]);
  });

  it('resets only after the administrator proved their own password, with the keys made once', async () => {
    vi.mocked(makeAccountKeys).mockClear();
    const ben = userDetail('u-2', 'Ben Baker', { otp_required_for_login: true });
    const { calls } = await openUserPage(ben, {
      extra: {
        'PATCH /api/v1/users/u-2/reset_password.json': refuseUntilProven(1, {
          body: { ...ben, must_change_password: true, otp_required_for_login: false },
        }),
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const input = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.click(within(input).getByRole('button', { name: 'Reset Password' }));

    // Cancelled: no keys made, nothing sent.
    const confirm = await screen.findByRole('dialog', { name: 'Reset the password of Ben Baker?' });
    expect(
      within(confirm).getByText(
        'Enter your own password to continue. Their two-step verification is turned off as well, so a lost or stolen phone cannot keep them out.',
      ),
    ).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(makeAccountKeys).not.toHaveBeenCalled();
    expect(order(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const again = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.click(within(again).getByRole('button', { name: 'Reset Password' }));
    await provePasswordIn(user, 'Reset the password of Ben Baker?');
    await provePasswordIn(user, 'Reset the password of Ben Baker?');
    await waitFor(() => expect(notices()).toContain('The password of Ben Baker has been reset.'));
    expect(makeAccountKeys).toHaveBeenCalledOnce();
    const resets = calls.filter((call) => call.path === '/api/v1/users/u-2/reset_password.json');
    expect(resets).toHaveLength(2);
    expect(bodyOf(resets[1])).toEqual(bodyOf(resets[0]));
    expect(passwordProofs(calls)).toHaveLength(2);
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
