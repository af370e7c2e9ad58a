import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setAdminToggle } from '../../../components/admin-shell/admin-context-store.js';
import { notificationStore } from '../../../lib/notification-store.js';
import { invitationRow } from '../../../test/invitation-row-fixture.js';
import { renderApp } from '../../../test/render-app.js';
import { forgetUnsentInvitations } from './invitation-mail.js';
import { serveTeams, userRow } from './teams-fixtures.js';

const notices = () => notificationStore.get().map((notification) => notification.message);
const ada = userRow('u-1', 'Ada Lovelace', { administrator: true });

async function openUsersView(server: Parameters<typeof serveTeams>[0]) {
  const calls = serveTeams({ users: [ada], ...server });
  act(() => setAdminToggle('teams', 'users'));
  renderApp('/admin/teams');
  const table = await screen.findByRole('table', { name: 'Invitations' });
  return { calls, table, user: userEvent.setup() };
}

afterEach(() => forgetUnsentInvitations());

describe("the Users view's Invitations list", () => {
  it('lists each invitation with its address, sender, dates and status, the expired ones marked', async () => {
    const { table } = await openUsersView({
      invitations: [
        invitationRow('i-1', 'nina@example.com', { name: 'Nina North' }),
        invitationRow('i-2', 'olga@example.com', {
          created_at: '2024-04-01T10:00:00.000Z',
          expires_at: '2024-04-08T10:00:00.000Z',
          expired: true,
        }),
      ],
    });
    await within(table).findByText('nina@example.com');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Email', 'Name', 'Invited by', 'Sent', 'Expires', 'Status', 'Actions']);
    const [nina, olga] = within(table).getAllByRole('row').slice(1);
    expect(
      within(nina as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'nina@example.com',
      'Nina North',
      'Ada Lovelace',
      '01/05/2024',
      '08/05/2024',
      'Pending',
      'ResendRevoke',
    ]);
    expect(olga?.textContent).toContain('Expired');
    expect(
      within(olga as HTMLElement).getByRole('button', { name: 'Resend the invitation of olga@example.com' }),
    ).toBeTruthy();
  });

  it("says 'No pending invitations' when there are none", async () => {
    const { table } = await openUsersView({ invitations: [] });
    expect(await within(table).findByText('No pending invitations')).toBeTruthy();
  });

  it('resends from the keyboard and says the new invitation went out', async () => {
    const { table, user, calls } = await openUsersView({
      invitations: [invitationRow('i-1', 'nina@example.com')],
      extra: {
        'POST /api/v1/invitations/i-1/resend.json': {
          body: { ...invitationRow('i-1', 'nina@example.com'), mail_sent: true },
        },
      },
    });
    const resend = await within(table).findByRole('button', {
      name: 'Resend the invitation of nina@example.com',
    });
    resend.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(notices()).toContain('A new invitation has been sent to nina@example.com.'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/v1/invitations/i-1/resend.json',
    ]);
  });

  it("says 'Could not send email successfully.' when the mail failed, and marks the row until a resend gets through", async () => {
    let mailSent = false;
    const { table, user } = await openUsersView({
      invitations: [invitationRow('i-1', 'nina@example.com')],
      extra: {
        'POST /api/v1/invitations/i-1/resend.json': () => ({
          body: { ...invitationRow('i-1', 'nina@example.com'), mail_sent: mailSent },
        }),
      },
    });
    const resend = await within(table).findByRole('button', {
      name: 'Resend the invitation of nina@example.com',
    });
    await user.click(resend);
    await waitFor(() => expect(notices()).toContain('Could not send email successfully.'));
    expect(await within(table).findByText('Email not sent')).toBeTruthy();
    expect(notices()).not.toContain('A new invitation has been sent to nina@example.com.');

    mailSent = true;
    await waitFor(() => expect(resend).toHaveProperty('disabled', false));
    await user.click(resend);
    await waitFor(() => expect(within(table).queryByText('Email not sent')).toBeNull());
    expect(notices()).toContain('A new invitation has been sent to nina@example.com.');
  });

  it('revokes after asking, and shows the server’s reason when it fails', async () => {
    const { table, user, calls } = await openUsersView({
      invitations: [invitationRow('i-1', 'nina@example.com'), invitationRow('i-2', 'gone@example.com')],
      extra: {
        'DELETE /api/v1/invitations/i-1.json': { status: 204 },
        'DELETE /api/v1/invitations/i-2.json': { status: 404, body: { error: 'Not found' } },
      },
    });
    await user.click(
      await within(table).findByRole('button', { name: 'Revoke the invitation of nina@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation of nina@example.com?' });
    expect(dialog.textContent).toContain(
      'The link in the invitation stops working, and its seat is free again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(notices()).toContain('The invitation of nina@example.com has been revoked.'));
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/invitations/i-1.json'),
    ).toBe(true);

    await user.click(
      within(table).getByRole('button', { name: 'Revoke the invitation of gone@example.com' }),
    );
    const second = await screen.findByRole('dialog', { name: 'Revoke the invitation of gone@example.com?' });
    await user.click(within(second).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(notices()).toContain('Not found'));
  });
});
