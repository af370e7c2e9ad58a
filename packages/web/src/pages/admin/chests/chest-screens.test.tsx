import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notificationStore } from '../../../lib/notification-store.js';
import { renderApp } from '../../../test/render-app.js';
import type { AdminServer } from './admin-fixtures.js';
import { adminChest, bodyOf, member, serveAdmin, teamRow } from './admin-fixtures.js';

vi.mock('../../../components/strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: () => null,
}));

const notices = () => notificationStore.get().map((notification) => notification.message);

const readers = teamRow('t-r', 'Readers', [member('u-5', 'Rita Reader'), member('u-9', 'Ada Admin', true)]);
const writers = teamRow('t-w', 'Writers', [member('u-6', 'Will Writer')]);

describe('/admin/chests/new', () => {
  it("asks for a name and a team with the spec's messages", async () => {
    serveAdmin({ teams: [readers, writers] });
    const user = userEvent.setup();
    renderApp('/admin/chests/new');
    await screen.findByRole('form', { name: 'New Chest' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const banner = within(screen.getByRole('alert'));
    expect(banner.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Required field Name is empty.',
      'Please select at least one Team using the dropdown provided.',
    ]);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('creates a chest with a team for reading and one for writing, then makes its manager', async () => {
    const created = adminChest('c-new', 'Vault');
    const calls = serveAdmin({
      teams: [readers, writers],
      extra: {
        'POST /api/v1/vaults.json': { status: 201, body: created },
        'POST /api/v1/vaults/c-new/promote.json': { body: created },
      },
    });
    const user = userEvent.setup();
    const { router } = await newChestLinkedTo(user, ['Readers', 'Writers']);
    await user.selectOptions(screen.getByLabelText('Access for Writers'), 'Write');

    // Managers come from the linked teams' users; administrators are left out.
    const rita = await screen.findByRole('checkbox', { name: 'Rita Reader (u-5@example.com)' });
    expect(screen.queryByRole('checkbox', { name: /Ada Admin/ })).toBeNull();
    await user.click(rita);
    await user.keyboard('{Shift>}S{/Shift}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/v1/vaults.json');
    expect(bodyOf(post)).toMatchObject({
      vault: {
        name: 'Vault',
        assignments_attributes: [
          { team_id: 't-r', edit_access: false },
          { team_id: 't-w', edit_access: true },
        ],
      },
    });
    const promote = calls.find((call) => call.path === '/api/v1/vaults/c-new/promote.json');
    expect(bodyOf(promote)).toEqual({ user_id: 'u-5' });
    expect(notices()).toContain('Vault created!');
  });

  it("checks 'Rotate every' with the server's messages and sends the days", async () => {
    const created = adminChest('c-new', 'Vault', { rotation_days: 30 });
    const calls = serveAdmin({
      teams: [readers],
      extra: { 'POST /api/v1/vaults.json': { status: 201, body: created } },
    });
    const user = userEvent.setup();
    const { router } = await newChestLinkedTo(user, ['Readers']);
    const days = screen.getByLabelText('Rotate every');
    const banner = () =>
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);

    await user.type(days, '30d');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(banner()).toEqual(['Field Rotate every must contain only numeric characters.']);
    expect(days.getAttribute('aria-invalid')).toBe('true');
    await user.clear(days);
    expect(days.getAttribute('aria-invalid')).toBeNull();
    await user.type(days, '3651');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(banner()).toEqual(['Field Rotate every must be between 1 and 3650 days.']);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/v1/vaults.json');
    expect(bodyOf(post)).toMatchObject({ vault: { name: 'Vault', rotation_days: 30 } });
  });

  it('links teams from a searchable list and confirms with Shift+N', async () => {
    serveAdmin({ teams: [readers, writers] });
    const user = userEvent.setup();
    renderApp('/admin/chests/new');
    await user.click(await screen.findByRole('button', { name: 'Link Teams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Teams' });
    await within(dialog).findByRole('checkbox', { name: 'Readers' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'writ');
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: 'Readers' })).toBeNull());
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Writers' }));
    await user.keyboard('{Shift>}N{/Shift}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Linked teams' })).getByText('Writers')).toBeTruthy();
  });
});

describe('/admin/chests/edit', () => {
  const ops = adminChest('c-1', 'Operations', {
    teams: [
      { id: 't-r', name: 'Readers' },
      { id: 't-w', name: 'Writers' },
    ],
    assignments: [
      { id: 'a-r', vault_id: 'c-1', team_id: 't-r', edit_access: false },
      { id: 'a-w', vault_id: 'c-1', team_id: 't-w', edit_access: true },
    ],
    users: [
      { id: 'u-6', name: 'Will Writer', email: 'u-6@example.com', manager: true, administrator: false },
    ],
    rotation_days: 90,
  });

  it('goes to the chest list without a chest in the navigation state', async () => {
    serveAdmin({ chests: [ops] });
    const { router } = renderApp('/admin/chests/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
  });

  async function openEdit(extra: AdminServer['extra']) {
    const calls = serveAdmin({ chests: [ops], teams: [readers, writers], ...(extra ? { extra } : {}) });
    const user = userEvent.setup();
    const view = renderApp('/admin/chests');
    await user.click(await screen.findByRole('button', { name: 'Options for Operations' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit Chest' }));
    await screen.findByRole('heading', { name: 'Edit Chest & Permissions' });
    return { calls, user, ...view };
  }

  it('saves only what changed: access, unlinked teams and managers', async () => {
    const { calls, user, router } = await openEdit({
      'PUT /api/v1/vaults/c-1.json': { body: ops },
      'POST /api/v1/vaults/c-1/promote.json': {
        status: 400,
        body: { error: 'User already has management access' },
      },
      'POST /api/v1/vaults/c-1/demote.json': { body: ops },
    });
    await user.selectOptions(screen.getByLabelText('Access for Readers'), 'Write');
    await user.click(screen.getByRole('button', { name: 'Unlink Writers' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Rita Reader (u-5@example.com)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Will Writer (u-6@example.com)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(bodyOf(put)).toMatchObject({
      vault: {
        name: 'Operations',
        assignments_attributes: [
          { id: 'a-r', edit_access: true },
          { id: 'a-w', _destroy: true },
        ],
      },
    });
    expect(bodyOf(calls.find((call) => call.path.endsWith('/demote.json')))).toEqual({ user_id: 'u-6' });
    expect(notices()).toContain('User already has management access');
    expect(notices()).toContain('Operations updated!');
  });

  it("shows the chest's rotation policy and removes it when the field is emptied", async () => {
    const { calls, user, router } = await openEdit({
      'PUT /api/v1/vaults/c-1.json': { body: ops },
    });
    const days = screen.getByLabelText<HTMLInputElement>('Rotate every');
    expect(days.value).toBe('90');
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
    expect(bodyOf(calls.find((call) => call.method === 'PUT'))).toMatchObject({
      vault: { rotation_days: null },
    });
  });

  it("tells 'An Error has occurred while trying to update your chest' when the save fails", async () => {
    const { user } = await openEdit({ 'PUT /api/v1/vaults/c-1.json': { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notices()).toContain('An Error has occurred while trying to update your chest'),
    );
    expect(screen.getByRole('heading', { name: 'Edit Chest & Permissions' })).toBeTruthy();
  });

  it('removes the chest after confirming', async () => {
    const { calls, user, router } = await openEdit({ 'DELETE /api/v1/vaults/c-1.json': { status: 204 } });
    await user.click(screen.getByRole('button', { name: 'Remove Chest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Operations?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/vaults/c-1.json')).toBe(
      true,
    );
    expect(notices()).toContain('Operations removed.');
  });
});

describe('/admin/chests/show', () => {
  const ops = adminChest('c-1', 'Operations');
  const openChest = async (status: number, chest = ops) => {
    serveAdmin({
      chests: [chest],
      extra: {
        'GET /api/v1/secrets.json': () =>
          status === 200
            ? { body: { items: [], total: 0 } }
            : { status, body: { error: 'Something went wrong.' } },
      },
    });
    const { router } = renderApp('/admin/chests');
    await act(() =>
      router.navigate('/admin/chests/show', {
        state: { row: chest, context: 'chests', from: '/admin/chests' },
      }),
    );
    return router;
  };

  it("sends the user to /login when the chest's secrets fail to load (spec section 4)", async () => {
    const router = await openChest(401);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("states the chest's rotation policy", async () => {
    const router = await openChest(200, adminChest('c-1', 'Operations', { rotation_days: 90 }));
    expect(await screen.findByText('Rotate every 90 days')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/chests/show');
  });

  it('keeps the session when the secrets are refused', async () => {
    const router = await openChest(403);
    expect(await screen.findByText('The list could not be loaded. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/chests/show');
    expect(localStorage.getItem('token')).toBe('tok');
  });
});

/** The New Chest form, named 'Vault' and linked to the named teams through the Link Teams dialog. */
async function newChestLinkedTo(user: ReturnType<typeof userEvent.setup>, teams: string[]) {
  const rendered = renderApp('/admin/chests/new');
  await user.type(await screen.findByLabelText('Name'), 'Vault');
  await user.click(screen.getByRole('button', { name: 'Link Teams' }));
  const dialog = await screen.findByRole('dialog', { name: 'Link Teams' });
  for (const team of teams) await user.click(await within(dialog).findByRole('checkbox', { name: team }));
  await user.click(within(dialog).getByRole('button', { name: 'Link' }));
  return rendered;
}
