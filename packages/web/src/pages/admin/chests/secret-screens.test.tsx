import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openSecretRecord } from '../../../crypto-client/open-secret-record.js';
import { updateEncryptedSecret } from '../../../crypto-client/save-secret.js';
import { sessionCleared } from '../../../lib/clear-session.js';
import { showHelpPanelBriefly } from '../../../shortcuts/help-panel-store.js';
import type { FetchCall } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { adminChest, adminSecret, serveAdmin } from './admin-fixtures.js';

vi.mock('../../../components/strength/password-strength-meter.js', () => ({
  PasswordStrengthMeter: () => null,
}));
vi.mock('../../../crypto-client/open-secret-record.js', () => ({ openSecretRecord: vi.fn() }));
vi.mock('../../../crypto-client/save-secret.js', () => ({
  createEncryptedSecret: vi.fn(),
  updateEncryptedSecret: vi.fn(async () => ({ id: 's-1', revision: 2 })),
}));
vi.mock('../../../components/secrets/compute-strength.js', () => ({ computeStrength: vi.fn(async () => 4) }));

const ops = adminChest('c-1', 'Operations');
const mail = adminSecret('s-1', 'Mail');
/** A button of the top bar's toggle ('Chests', 'Secrets'). */
const toggle = async (name: string) =>
  within(await screen.findByRole('group', { name: 'Show' })).getByRole('button', { name });
const secretsCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.path.startsWith('/api/v1/secrets.json'));

beforeEach(() => {
  // The top bar's toggles and searches belong to a session.
  sessionCleared.emit();
  vi.mocked(openSecretRecord).mockImplementation(async (id: string) => ({
    secret: { ...mail, id, revision: 1, encrypted_data: '', encryption_iv: '', secret_key: null },
    payload: { username: 'ada', password: 'pw', url: '', note: '' },
    header: { verified: false },
  }));
});

describe('the admin top bar', () => {
  it("switches between the Chests and Secrets tables, with the spec's placeholders", async () => {
    const calls = serveAdmin({ chests: [ops], secrets: [mail] });
    const user = userEvent.setup();
    renderApp('/admin/chests');
    expect(await screen.findByRole('table', { name: 'Chests' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('placeholder')).toBe(
      'Search for a chest',
    );

    await user.click(await toggle('Secrets'));
    expect(await screen.findByRole('table', { name: 'Secrets' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('placeholder')).toBe(
      'Search for a secret',
    );
    expect(secretsCalls(calls).at(-1)?.path).toContain('everything=true');

    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(await screen.findByRole('table', { name: 'Chests' })).toBeTruthy();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(await screen.findByRole('table', { name: 'Secrets' })).toBeTruthy();
  });

  it('applies the search 2000 ms after the last key', async () => {
    const calls = serveAdmin({ chests: [ops] });
    const user = userEvent.setup();
    renderApp('/admin/chests');
    await screen.findByText('Operations');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ops');
    const vaultCalls = () => calls.filter((call) => call.path.startsWith('/api/v1/vaults.json'));
    expect(vaultCalls().some((call) => call.path.includes('filter='))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(vaultCalls().some((call) => call.path.includes('filter='))).toBe(false);
    await waitFor(() => expect(vaultCalls().at(-1)?.path).toContain('filter=ops'), { timeout: 2500 });
  });

  it('adds a chest with Shift+N and lists the admin shortcuts in the help panel', async () => {
    serveAdmin({ chests: [ops] });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/chests');
    await screen.findByText('Operations');
    showHelpPanelBriefly();
    const panel = await screen.findByRole('region', { name: 'Keyboard shortcuts' });
    for (const text of [
      'Add a chest',
      'Back to dashboard',
      'Next admin section',
      'Show Secrets (or Users)',
      'Next row',
    ]) {
      expect(within(panel).getByText(text)).toBeTruthy();
    }
    await user.keyboard('{Shift>}N{/Shift}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests/new'));
  });
});

describe('an admin secret', () => {
  it('opens from a row with the row, the context and the previous path', async () => {
    serveAdmin({ chests: [ops], secrets: [mail] });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/chests');
    await user.click(await toggle('Secrets'));
    await user.click(await screen.findByText('Mail'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests/secret'));
    expect(router.state.location.state).toMatchObject({
      row: { id: 's-1' },
      context: 'secrets',
      from: '/admin/chests',
    });
    expect(await screen.findByRole('heading', { name: 'Mail' })).toBeTruthy();
    expect(await screen.findByText('ada')).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
  });

  it('edits with Shift+E, hides it from users, and the save returns to the secret', async () => {
    serveAdmin({ chests: [ops], secrets: [mail] });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/chests');
    await user.click(await toggle('Secrets'));
    await user.click(await screen.findByText('Mail'));
    await screen.findByText('ada');
    await user.keyboard('{Shift>}E{/Shift}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests/secret/edit'));
    await user.click(await screen.findByRole('checkbox', { name: "Don't show this secret to users" }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests/secret'));
    expect(updateEncryptedSecret).toHaveBeenCalledWith(
      { id: 's-1', baseRevision: 1 },
      expect.objectContaining({ hidden: true, vaultId: 'c-1' }),
      'u-1',
      { confirm: expect.any(Function) },
    );
    // Back goes where the secret was opened from.
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
  });

  it('goes to the chest list without a secret in the navigation state', async () => {
    serveAdmin({ chests: [ops] });
    const { router } = renderApp('/admin/chests/secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/chests'));
  });
});

describe('/admin/chests/deleted', () => {
  const removed = adminSecret('s-7', 'Old Mail', {
    marked_for_deletion: true,
    deleted_at: '2024-06-01T10:00:00.000Z',
  });

  it('offers the owner Restore and Delete Permanently', async () => {
    const calls = serveAdmin({
      deleted: [removed],
      extra: { 'POST /api/v1/secrets/s-7/unmark_for_deletion.json': { body: {} } },
    });
    const user = userEvent.setup();
    renderApp('/admin/chests/deleted');
    expect(await screen.findByRole('heading', { name: 'Deleted Secrets' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('placeholder')).toBe(
      'Search for a deleted secret',
    );
    expect(await screen.findByText('01/06/2024')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Options for Old Mail' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Restore', 'Delete Permanently']);
    await user.click(screen.getByRole('menuitem', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path.includes('/s-7/unmark_for_deletion'))).toBe(true),
    );
    expect(secretsCalls(calls)[0]?.path).toContain('deleted=true');
  });

  it('offers other administrators Restore only', async () => {
    serveAdmin({ profile: { id: 'u-2', owner_id: 'u-1' }, deleted: [removed] });
    const user = userEvent.setup();
    renderApp('/admin/chests/deleted');
    await user.click(await screen.findByRole('button', { name: 'Options for Old Mail' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Restore']);
  });
});
