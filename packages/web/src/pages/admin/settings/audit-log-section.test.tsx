import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FetchCall } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { serveSettings } from './settings-fixtures.js';

const entry = (id: string, created_at: string, user_string: string, action: string) => ({
  id,
  created_at,
  user_string,
  action,
});

const auditCalls = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.path.startsWith('/api/v1/audit_log_entries.json'))
    .map((call) => Object.fromEntries(new URL(call.path, 'http://localhost').searchParams));

async function openAuditLog(calls: FetchCall[]) {
  const user = userEvent.setup();
  renderApp('/admin/settings');
  await user.click(await screen.findByRole('tab', { name: 'Audit Log' }));
  await waitFor(() => expect(auditCalls(calls).length).toBeGreaterThan(0));
  return user;
}

describe('Audit Log', () => {
  it('lists the latest 200 entries, newest first, with Time (en-GB), User and Activity', async () => {
    const calls = serveSettings({
      extra: {
        'GET /api/v1/audit_log_entries.json': {
          body: {
            items: [
              entry(
                'a-2',
                '2024-05-02T14:05:00.000Z',
                'Ada Lovelace (ada@example.com)',
                'Renamed the organisation to Acme',
              ),
              entry(
                'a-1',
                '2024-04-30T09:00:00.000Z',
                'Bob Stone (bob@example.com)',
                'Created chest Operations',
              ),
            ],
            total: 2,
          },
        },
      },
    });
    await openAuditLog(calls);
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'User', 'Activity']);
    const rows = await within(table).findAllByRole('row');
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['02/05/2024, 14:05', 'Ada Lovelace (ada@example.com)', 'Renamed the organisation to Acme'],
      ['30/04/2024, 09:00', 'Bob Stone (bob@example.com)', 'Created chest Operations'],
    ]);
    // Rows only show: nothing to open.
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
    expect(auditCalls(calls)[0]).toEqual({ filter: '', limit: '200', offset: '0', order: 'desc' });
  });

  it("says 'No Recent Logs' when there are none", async () => {
    const calls = serveSettings();
    await openAuditLog(calls);
    expect(await screen.findByText('No Recent Logs')).toBeTruthy();
  });

  it('searches 300 ms after the last key', async () => {
    const calls = serveSettings();
    const user = await openAuditLog(calls);
    await screen.findByText('No Recent Logs');
    const box = screen.getByRole('searchbox', { name: 'Search the audit log' });
    await user.type(box, 'bob');
    // Typing fast asks nothing per key; the settled search asks once.
    await waitFor(() => expect(auditCalls(calls).map((query) => query.filter)).toEqual(['', 'bob']));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(auditCalls(calls)).toHaveLength(2);
  });
});
