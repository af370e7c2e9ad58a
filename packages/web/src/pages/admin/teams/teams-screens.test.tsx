import type { Team } from '@coffer/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAdminSearch, setAdminToggle } from '../../../components/admin-shell/admin-context-store.js';
import { notificationStore } from '../../../lib/notification-store.js';
import { passwordProofs, provePasswordIn, verifyPasswordRoute } from '../../../test/password-prompt.js';
import { renderApp } from '../../../test/render-app.js';
import { adminChest, bodyOf, member, teamRow } from '../chests/admin-fixtures.js';
import { everyone, serveTeams, userDetail, userRow } from './teams-fixtures.js';
import { userMenuLabels } from './user-table.js';

// SecureConfirm's derivation stands in (test/password-prompt.ts).
vi.mock('../../../keys/account-rekey.js', () => ({
  deriveCurrentKeys: vi.fn(async (_record: unknown, password: string) => ({ authHash: `hash:${password}` })),
}));

const notices = () => notificationStore.get().map((notification) => notification.message);

const ops: Team = {
  ...teamRow('t-ops', 'Operations', [{ ...member('u-2', 'Ben Baker'), edit_access: true }]),
  memberships: [{ id: 'm-u-2', user_id: 'u-2', team_id: 't-ops', edit_access: true }],
  assignments: [{ id: 'as-1', vault_id: 'c-1', team_id: 't-ops', edit_access: false }],
  vaults: [{ id: 'c-1', name: 'Runbooks' }],
  user_count: 1,
};

const openMenu = async (table: HTMLElement, name: string) => {
  await userEvent.setup().click(within(table).getByRole('button', { name: `Options for ${name}` }));
  return screen.getByRole('menu');
};

describe('/admin/teams', () => {
  it('lists teams with users, chests and dates; the default team has no Remove Team', async () => {
    serveTeams({ teams: [everyone, ops] });
    renderApp('/admin/teams');
    const table = await screen.findByRole('table', { name: 'Teams' });
    await within(table).findByText('Operations');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.replace(/[↕▲▼]/, '')),
    ).toEqual(['Name', 'Users', 'Chests', 'Added', 'Updated', 'Actions']);
    const row = within(table).getAllByRole('row')[2];
    expect(row?.textContent).toContain('Runbooks');
    expect(
      within(await openMenu(table, 'Operations'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Add User', 'Edit Team', 'Remove Team']);
    await userEvent.setup().keyboard('{Escape}');
    expect(
      within(await openMenu(table, 'Everyone'))
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Add User', 'Edit Team']);
  });

  it('sorts by the user count', async () => {
    const calls = serveTeams({ teams: [everyone, ops] });
    renderApp('/admin/teams');
    const table = await screen.findByRole('table', { name: 'Teams' });
    await userEvent.setup().click(within(table).getByRole('button', { name: /Users/ }));
    await waitFor(() => expect(calls.some((call) => call.path.includes('order=user_count+asc'))).toBe(true));
  });

  it('removes a team after asking', async () => {
    const calls = serveTeams({
      teams: [everyone, ops],
      extra: { 'DELETE /api/v1/teams/t-ops.json': { status: 204 } },
    });
    renderApp('/admin/teams');
    const table = await screen.findByRole('table', { name: 'Teams' });
    await within(table).findByText('Operations');
    const user = userEvent.setup();
    await user.click(
      within(await openMenu(table, 'Operations')).getByRole('menuitem', { name: 'Remove Team' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Operations?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(notices()).toContain('Operations removed.'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/teams/t-ops.json')).toBe(
      true,
    );
  });

  it('shows the Users table with permissions, status and teams behind the toggle', async () => {
    serveTeams({
      users: [
        userRow('u-1', 'Ada Lovelace', { administrator: true }),
        userRow('u-2', 'Ben Baker', {
          confirmed_at: null,
          locked: true,
          teams: [{ id: 't-ops', name: 'Operations' }],
        }),
      ],
    });
    act(() => setAdminToggle('teams', 'users'));
    renderApp('/admin/teams');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Ben Baker');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Admin');
    expect(rows[0]?.textContent).toContain('Accepted');
    expect(rows[1]?.textContent).toContain('User');
    expect(rows[1]?.textContent).toContain('PendingBlocked');
    expect(screen.getByPlaceholderText('Search for a user')).toBeTruthy();
  });
});

describe('user row menu', () => {
  const admin = { id: 'u-9', administrator: true };
  it('offers Edit User, Show User, Remove, but no Remove on your own row or the owner’s', () => {
    expect(userMenuLabels(admin, { id: 'u-2' }, { owner_id: 'u-1' })).toEqual([
      'Edit User',
      'Show User',
      'Remove',
    ]);
    expect(userMenuLabels(admin, { id: 'u-9' }, { owner_id: 'u-1' })).toEqual(['Edit User', 'Show User']);
    expect(userMenuLabels(admin, { id: 'u-1' }, { owner_id: 'u-1' })).toEqual(['Edit User', 'Show User']);
  });

  it('is rendered from those rules', async () => {
    serveTeams({
      users: [userRow('u-1', 'Ada Lovelace', { administrator: true }), userRow('u-2', 'Ben Baker')],
    });
    act(() => setAdminToggle('teams', 'users'));
    renderApp('/admin/teams');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Ben Baker');
    const items = async (name: string) =>
      within(await openMenu(table, name))
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    expect(await items('Ada Lovelace')).toEqual(['Edit User', 'Show User']);
    await userEvent.setup().keyboard('{Escape}');
    expect(await items('Ben Baker')).toEqual(['Edit User', 'Show User', 'Remove']);
  });
});

describe('/admin/teams/show', () => {
  it('keeps a search of its own, apart from the Users list', async () => {
    const calls = serveTeams({
      teams: [everyone, ops],
      users: [userRow('u-2', 'Ben Baker', { teams: [{ id: 't-ops', name: 'Operations' }] })],
    });
    act(() => setAdminToggle('teams', 'users'));
    act(() => setAdminSearch('users', { text: 'Cleo', applied: 'Cleo' }));
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams');
    const search = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await screen.findByRole('table', { name: 'Users' });
    expect(search().value).toBe('Cleo');

    await act(() =>
      router.navigate('/admin/teams/show', { state: { row: ops, context: 'teams', from: '/admin/teams' } }),
    );
    const table = await screen.findByRole('table', { name: 'Users in Operations' });
    await within(table).findByText('Ben Baker');
    expect(search().value).toBe('');
    const teamCalls = calls.filter((call) => call.path.includes('team_id=t-ops'));
    expect(teamCalls.every((call) => !call.path.includes('filter='))).toBe(true);
    await user.type(search(), 'Ben');

    await act(() => router.navigate('/admin/teams'));
    await screen.findByRole('table', { name: 'Users' });
    expect(search().value).toBe('Cleo');
  });

  it("lists the team's members and chests; Shift+N adds a user with the team preselected", async () => {
    const calls = serveTeams({
      teams: [everyone, ops],
      users: [
        userRow('u-2', 'Ben Baker', { teams: [{ id: 't-ops', name: 'Operations' }] }),
        userRow('u-3', 'Cleo Cole'),
      ],
    });
    const { router } = renderApp('/admin/teams');
    await act(() =>
      router.navigate('/admin/teams/show', { state: { row: ops, context: 'teams', from: '/admin/teams' } }),
    );
    const table = await screen.findByRole('table', { name: 'Users in Operations' });
    await within(table).findByText('Ben Baker');
    expect(within(table).queryByText('Cleo Cole')).toBeNull();
    expect(calls.some((call) => call.path.includes('team_id=t-ops'))).toBe(true);
    expect(await screen.findByRole('button', { name: 'Runbooks' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Team Settings' })).toBeTruthy();
    await userEvent.setup().keyboard('{Shift>}N{/Shift}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teams/user/new'));
    expect((await screen.findByRole('list', { name: 'Teams' })).textContent).toContain('Operations');
  });
});

describe('team forms', () => {
  it("checks the name and the first chest with the spec's messages", async () => {
    serveTeams({ chests: [adminChest('c-1', 'Runbooks')] });
    const user = userEvent.setup();
    renderApp('/admin/teams/new');
    await screen.findByRole('form', { name: 'New Team' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const items = () =>
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items()).toEqual([
      'Required field Name is empty.',
      'Please select at least one Chest using the dropdown provided.',
    ]);
    await user.type(screen.getByLabelText('Name'), 'A name that is far too long for a team');
    await user.click(screen.getByRole('button', { name: 'Link Chests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Chests' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Runbooks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe('Field Name exceeds the maximum of 25 characters.');
  });

  it('creates a team with users and chests from the Link modal', async () => {
    const calls = serveTeams({
      chests: [adminChest('c-1', 'Runbooks')],
      users: [userRow('u-2', 'Ben Baker')],
      extra: { 'POST /api/v1/teams.json': { status: 201, body: { ...teamRow('t-new', 'Support') } } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams/new');
    await user.type(await screen.findByLabelText('Name'), 'Support');
    await user.click(screen.getByRole('button', { name: 'Link Users' }));
    let dialog = await screen.findByRole('dialog', { name: 'Link Users' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Ben Baker (ben@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await user.selectOptions(screen.getByLabelText('Access for Ben Baker (ben@example.com)'), 'write'); // user-event matches option values or innerHTML ('Read &amp; Write')
    await user.click(screen.getByRole('button', { name: 'Link Chests' }));
    dialog = await screen.findByRole('dialog', { name: 'Link Chests' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Runbooks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/teams'));
    expect(
      bodyOf(calls.find((call) => call.method === 'POST' && call.path === '/api/v1/teams.json')),
    ).toEqual({
      team: {
        // Chosen in the browser, so that the trust log's entries can name the team before it exists.
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Support',
        memberships_attributes: [{ user_id: 'u-2', edit_access: true }],
        assignments_attributes: [{ vault_id: 'c-1', edit_access: false }],
      },
    });
    expect(notices()).toContain('Support created!');
  });

  it('saves only the changes of an edited team (ids and destroy markers)', async () => {
    const calls = serveTeams({
      teams: [everyone, ops],
      extra: { 'PUT /api/v1/teams/t-ops.json': { body: ops } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams');
    await act(() =>
      router.navigate('/admin/teams/edit', { state: { row: ops, context: 'teams', from: '/admin/teams' } }),
    );
    await screen.findByRole('form', { name: 'Edit Team' });
    expect(screen.getByRole('button', { name: 'Remove Team' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Access for Ben Baker'), 'Read only');
    await user.click(screen.getByRole('button', { name: 'Unlink Runbooks' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices()).toContain('Operations updated!'));
    expect(bodyOf(calls.find((call) => call.method === 'PUT'))).toEqual({
      team: {
        name: 'Operations',
        memberships_attributes: [{ id: 'm-u-2', edit_access: false }],
        assignments_attributes: [{ id: 'as-1', _destroy: true }],
      },
    });
  });

  it('offers no Remove Team on the default team', async () => {
    serveTeams({ teams: [everyone] });
    const { router } = renderApp('/admin/teams');
    await act(() =>
      router.navigate('/admin/teams/edit', { state: { row: everyone, context: 'teams', from: '' } }),
    );
    await screen.findByRole('form', { name: 'Edit Team' });
    expect(screen.queryByRole('button', { name: 'Remove Team' })).toBeNull();
  });
});

describe('/admin/teams/user/edit', () => {
  it('keeps the e-mail read-only, leaves the default team out and saves membership changes', async () => {
    const ben = userDetail('u-2', 'Ben Baker', {
      teams: [
        { id: everyone.id, name: everyone.name },
        { id: 't-ops', name: 'Operations' },
      ],
      memberships: [
        { id: 'm-all', user_id: 'u-2', team_id: everyone.id, edit_access: false },
        { id: 'm-ops', user_id: 'u-2', team_id: 't-ops', edit_access: false },
      ],
    });
    const calls = serveTeams({
      teams: [everyone, ops],
      details: [ben],
      extra: {
        ...verifyPasswordRoute,
        'PUT /api/v1/users/u-2.json': { body: { ...ben, name: 'Benjamin Baker' } },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams');
    await act(() =>
      router.navigate('/admin/teams/user/edit', { state: { row: ben, context: 'users', from: '' } }),
    );
    await screen.findByRole('form', { name: 'Edit User' });
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);
    const teams = screen.getByRole('list', { name: 'Teams' });
    expect(within(teams).queryByText('Everyone')).toBeNull();
    expect(within(teams).getByText('Operations')).toBeTruthy();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Benjamin Baker');
    await user.click(screen.getByLabelText('Administrator'));
    await user.selectOptions(screen.getByLabelText('Access for Operations'), 'write'); // user-event matches option values or innerHTML ('Read &amp; Write')
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The administrator flag changes: the password first.
    await provePasswordIn(user, 'Make Ben Baker an administrator?');
    await waitFor(() => expect(notices()).toContain('Benjamin Baker updated!'));
    expect(passwordProofs(calls)).toHaveLength(1);
    expect(bodyOf(calls.find((call) => call.method === 'PUT'))).toEqual({
      user: {
        name: 'Benjamin Baker',
        administrator: true,
        memberships_attributes: [{ id: 'm-ops', edit_access: true }],
      },
    });
  });

  it('saves without asking for the password when the administrator flag stays, and stays put when cancelled', async () => {
    const ben = userDetail('u-2', 'Ben Baker');
    const calls = serveTeams({
      teams: [everyone, ops],
      details: [ben],
      extra: {
        ...verifyPasswordRoute,
        'PUT /api/v1/users/u-2.json': { body: { ...ben, name: 'Benjamin Baker' } },
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/teams');
    await act(() =>
      router.navigate('/admin/teams/user/edit', { state: { row: ben, context: 'users', from: '' } }),
    );
    await screen.findByRole('form', { name: 'Edit User' });
    await user.click(screen.getByLabelText('Administrator'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Make Ben Baker an administrator?' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('form', { name: 'Edit User' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByLabelText('Administrator'));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Benjamin Baker');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices()).toContain('Benjamin Baker updated!'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(passwordProofs(calls)).toEqual([]);
    expect(bodyOf(calls.find((call) => call.method === 'PUT'))).toMatchObject({
      user: { name: 'Benjamin Baker' },
    });
    expect(bodyOf(calls.find((call) => call.method === 'PUT'))).not.toHaveProperty('user.administrator');
  });
});
