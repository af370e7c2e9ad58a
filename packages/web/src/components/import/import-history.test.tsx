import type { ImportBatch } from '@coffer/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notificationStore } from '../../lib/notification-store.js';
import { type FakeAnswer, mockFetch } from '../../test/mock-fetch.js';
import { renderApp } from '../../test/render-app.js';
import { IMPORT_HISTORY_FAILED, ImportHistory, undoneNotice } from './import-history.js';

const notices = () => notificationStore.get().map((notification) => notification.message);

function batch(overrides: Partial<ImportBatch> = {}): ImportBatch {
  return {
    id: 'b-1',
    format: 'bitwarden-csv',
    item_count: 12,
    secret_count: 3,
    created_at: '2026-11-27T09:30:00.000Z',
    created_by: { id: 'u-1', name: 'Ada Lovelace' },
    undone_at: null,
    ...overrides,
  };
}

const NAMES: Record<string, string> = { 'bitwarden-csv': 'Bitwarden (CSV)', 'keeper-csv': 'Keeper (CSV)' };
const formatName = (id: string) => NAMES[id] ?? id;

function renderHistory() {
  const user = userEvent.setup();
  renderApp('/history', { open: [{ path: '/history', element: <ImportHistory formatName={formatName} /> }] });
  return user;
}

const historyGets = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/v1/import_batches');

describe('the import history', () => {
  it('lists each import: format, by whom, when, items, secrets standing, and Undo while not undone', async () => {
    mockFetch({
      'GET /api/v1/import_batches': {
        body: {
          items: [
            batch(),
            batch({
              id: 'b-2',
              format: 'keeper-csv',
              item_count: 1,
              secret_count: 0,
              created_by: { id: 'u-2', name: '' },
              undone_at: '2026-11-27T10:00:00.000Z',
            }),
          ],
        },
      },
    });
    renderHistory();
    const table = await screen.findByRole('table', { name: 'Import history' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Bitwarden (CSV)', 'Ada Lovelace', '27/11/2026, 09:30', '12', '3', 'Undo']);
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Keeper (CSV)', 'A removed user', '27/11/2026, 09:30', '1', '0', 'Undone 27/11/2026, 10:00']);
    expect(within(second as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('says when there is nothing yet, and when the history cannot be loaded', async () => {
    mockFetch({ 'GET /api/v1/import_batches': { body: { items: [] } } });
    const { unmount } = renderApp('/history', { open: [{ path: '/history', element: <ImportHistory /> }] });
    expect(await screen.findByText('No imports yet.')).toBeTruthy();
    unmount();
    mockFetch({ 'GET /api/v1/import_batches': { status: 500, body: { errors: ['boom'] } } });
    renderApp('/history', { open: [{ path: '/history', element: <ImportHistory /> }] });
    expect((await screen.findByRole('alert')).textContent).toBe(IMPORT_HISTORY_FAILED);
  });

  it('undoes an import only once the Confirm modal agrees, then says how to get the secrets back', async () => {
    let undone = false;
    const calls = mockFetch({
      'GET /api/v1/import_batches': () => ({
        body: {
          items: [undone ? batch({ secret_count: 0, undone_at: '2026-11-27T11:00:00.000Z' }) : batch()],
        },
      }),
      'POST /api/v1/import_batches/:id/undo': (): FakeAnswer => {
        undone = true;
        return { body: { undone: 3 } };
      },
    });
    const user = renderHistory();
    const undo = await screen.findByRole('button', {
      name: 'Undo the Bitwarden (CSV) import of 27/11/2026, 09:30',
    });

    await user.click(undo);
    let dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(dialog.textContent).toContain(
      '3 secrets from the Bitwarden (CSV) import of 27/11/2026, 09:30 will be removed. You can restore them from Deleted Secrets.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(undo);
    dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await waitFor(() => expect(notices()).toContain('3 secrets removed. Restore them from Deleted Secrets.'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.params])).toEqual([
      ['/api/v1/import_batches/b-1/undo', { id: 'b-1' }],
    ]);
    // The history is read again: the batch now shows as undone, without its Undo.
    expect(await screen.findByText('Undone 27/11/2026, 11:00')).toBeTruthy();
    expect(historyGets(calls).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: /^Undo the/ })).toBeNull();
  });

  it('tells the creator which secrets were left, and shows the server’s reason when an undo is refused', async () => {
    const answers: FakeAnswer[] = [
      { body: { undone: 1, left: 2 } },
      { status: 409, body: { error: 'This import has already been undone.' } },
    ];
    mockFetch({
      'GET /api/v1/import_batches': { body: { items: [batch()] } },
      'POST /api/v1/import_batches/:id/undo': () => answers.shift() ?? { status: 500 },
    });
    const user = renderHistory();
    for (const expected of [
      '1 secret removed. Restore it from Deleted Secrets. 2 secrets were left in place: you can no longer change their chests.',
      'This import has already been undone.',
    ]) {
      await user.click(await screen.findByRole('button', { name: /^Undo the/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
      await user.click(within(dialog).getByRole('button', { name: 'Undo import' }));
      await waitFor(() => expect(notices()).toContain(expected));
    }
  });

  it('words the notice for one secret, none, and one left', () => {
    expect(undoneNotice(1)).toBe('1 secret removed. Restore it from Deleted Secrets.');
    expect(undoneNotice(0, 1)).toBe(
      '0 secrets removed. 1 secret was left in place: you can no longer change its chest.',
    );
    expect(undoneNotice(1200)).toBe('1,200 secrets removed. Restore them from Deleted Secrets.');
  });
});
