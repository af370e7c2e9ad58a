import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openSecretRecord } from '../../crypto-client/open-secret-record.js';
import { showHelpPanelBriefly } from '../../shortcuts/help-panel-store.js';
import { renderApp } from '../../test/render-app.js';
import { secretRow, serveDashboard } from './dashboard-fixtures.js';

vi.mock('../../crypto-client/open-secret-record.js', () => ({ openSecretRecord: vi.fn() }));
vi.mock('../../components/strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: () => null,
}));

beforeEach(() => {
  vi.mocked(openSecretRecord).mockImplementation(async (id: string) => ({
    secret: {
      ...secretRow(Number(id.slice(2))),
      revision: 1,
      encrypted_data: '',
      encryption_iv: '',
      secret_key: null,
    },
    payload: { username: `user-${id}`, password: 'pw', url: '', note: '' },
    header: { verified: false },
  }));
});

async function renderDashboard() {
  serveDashboard({ secrets: [secretRow(1), secretRow(2), secretRow(3)] });
  const user = userEvent.setup();
  const view = renderApp('/');
  await screen.findByText('Secret 03', {}, { timeout: 4000 });
  return { user, ...view };
}

describe('dashboard keyboard shortcuts', () => {
  it('I focuses the search bar and Escape leaves it; letters typed there are text', async () => {
    const { user } = await renderDashboard();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.keyboard('i');
    expect(document.activeElement).toBe(search);
    await user.keyboard('i');
    expect((search as HTMLInputElement).value).toBe('i');
    await user.keyboard('{Escape}');
    expect(document.activeElement).not.toBe(search);
  });

  it('arrows walk the rows, Enter opens one, Escape closes it', async () => {
    const { user } = await renderDashboard();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Secret 01');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(document.activeElement?.textContent).toContain('Secret 02');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('user-s-2')).toBeTruthy();
    expect(openSecretRecord).toHaveBeenCalledWith('s-2', 'u-1', expect.anything());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('user-s-2')).toBeNull());
  });

  it("Right opens the focused row's menu with the actions the user may take", async () => {
    const { user } = await renderDashboard();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    const menu = await screen.findByRole('menu', { name: 'Options for Secret 01' });
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Move to another Chest', 'Edit Secret', 'Remove']);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Move to another Chest'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Edit Secret');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Shift+Right and Shift+Left switch tabs; Shift+Up and Shift+Down close and open the dashboard', async () => {
    const { user } = await renderDashboard();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(screen.getByRole('tab', { name: 'Chests' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('list', { name: 'Chests' })).toBeTruthy();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(await screen.findByRole('list', { name: 'Secrets' })).toBeTruthy();
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(screen.queryByRole('list', { name: 'Secrets' })).toBeNull();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(await screen.findByRole('list', { name: 'Secrets' })).toBeTruthy();
  });

  it('Shift+N opens the new secret form and Shift+E edits the viewed secret', async () => {
    const { user } = await renderDashboard();
    await user.keyboard('{Shift>}N{/Shift}');
    expect(await screen.findByRole('form', { name: 'New Secret' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    // The first Escape leaves the field, the second closes the form.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('form', { name: 'New Secret' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'New Secret' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Secret 01/ }));
    await screen.findByText('user-s-1');
    await user.keyboard('{Shift>}E{/Shift}');
    expect(await screen.findByRole('form', { name: 'Edit Secret' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('user-s-1');
  });

  it('lists the dashboard shortcuts that apply in the help panel', async () => {
    const { user } = await renderDashboard();
    await user.keyboard('{ArrowDown}');
    showHelpPanelBriefly();
    const panel = await screen.findByRole('region', { name: /Keyboard shortcuts/i });
    const texts = [
      'Focus the search bar',
      'Add a secret',
      'Switch to Chests',
      'Open the selected row',
      "Open the row's options menu",
    ];
    for (const text of texts) {
      expect(panel.textContent).toContain(text);
    }
  });
});
