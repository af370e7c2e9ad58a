import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { chestRow, secretRow, serveDashboard } from './dashboard-fixtures.js';

vi.mock('../../components/strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: () => null,
}));

const readOnly = chestRow('c-3', 'Archive', {
  assignments: [{ id: 'a-c-3', vault_id: 'c-3', team_id: 't-ops', edit_access: false }],
});

describe('row menus on the dashboard', () => {
  it('removes a secret after confirming, and restores it from Show all', async () => {
    const calls = serveDashboard({ secrets: [secretRow(1)], removed: [secretRow(1)] });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Options for Secret 01' }, { timeout: 4000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Secret 01?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('/s-1/mark_for_deletion'))).toBe(true));
    expect(await screen.findByText('Secret 01 removed.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Show all' }));
    const removed = await screen.findByRole('list', { name: 'Deleted secrets' });
    expect(within(removed).getByText('Deleted')).toBeTruthy();
    await user.click(within(removed).getByRole('button', { name: 'Options for Secret 01' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual(['Restore']);
    await user.click(screen.getByRole('menuitem', { name: 'Restore' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('/s-1/unmark_for_deletion'))).toBe(true));
    expect(await screen.findByText('Secret 01 restored.')).toBeTruthy();
  });

  it('offers the owner Delete Permanently on removed secrets', async () => {
    serveDashboard({ profile: { id: 'u-1', owner_id: 'u-1', administrator: true }, removed: [secretRow(1)] });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('checkbox', { name: 'Show all' }, { timeout: 4000 }));
    const removed = await screen.findByRole('list', { name: 'Deleted secrets' });
    await user.click(within(removed).getByRole('button', { name: 'Options for Secret 01' }));
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual(['Restore', 'Delete Permanently']);
  });

  it('offers no actions on a secret in a read-only chest', async () => {
    serveDashboard({
      chests: [chestRow('c-1', 'Operations'), readOnly],
      secrets: [
        secretRow(1, {
          vault_id: 'c-3',
          vault: { id: 'c-3', name: 'Archive', manager: false, assignments: [] },
        }),
        secretRow(2),
      ],
    });
    renderApp('/');
    // Once the writable secret has its menu, the chest rules have loaded.
    await screen.findByRole('button', { name: 'Options for Secret 02' }, { timeout: 4000 });
    expect(screen.queryByRole('button', { name: 'Options for Secret 01' })).toBeNull();
  });

  it('moves a secret: the Select modal lists the other writable chests with counts', async () => {
    serveDashboard({
      chests: [chestRow('c-1', 'Operations'), chestRow('c-2', 'Finance', { secret_count: 7 }), readOnly],
      secrets: [secretRow(1)],
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Options for Secret 01' }, { timeout: 4000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move to another Chest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another Chest' });
    const options = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(options).toEqual(['Finance7 secrets']);
  });

  it('offers administrators Edit Chest and Remove Chest on a chest row', async () => {
    serveDashboard({ profile: { administrator: true } });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click(await screen.findByRole('tab', { name: 'Chests' }));
    await user.click(
      await screen.findByRole('button', { name: 'Options for Operations' }, { timeout: 4000 }),
    );
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual(['Add Secret', 'Edit Chest', 'Remove Chest']);
    await user.click(screen.getByRole('menuitem', { name: 'Edit Chest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests/edit'));
    expect(router.state.location.state).toMatchObject({ row: { id: 'c-1' }, context: 'chests', from: '/' });
  });

  it('offers members only Add Secret on a chest row', async () => {
    serveDashboard();
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('tab', { name: 'Chests' }));
    await user.click(
      await screen.findByRole('button', { name: 'Options for Operations' }, { timeout: 4000 }),
    );
    const items = within(await screen.findByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toEqual(['Add Secret']);
  });
});
