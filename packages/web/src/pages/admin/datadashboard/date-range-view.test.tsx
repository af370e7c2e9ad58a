import type { DateRangeDataRecordsResponse } from '@coffer/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineChartProps } from '../../../components/charts/line-chart.js';
import { renderApp } from '../../../test/render-app.js';
import { RANGE_TEXT } from './date-range.js';
import { DATE_RANGE_TEXT } from './date-range-view.js';
import { callsTo, queryOf, serveStatistics } from './statistics-fixtures.js';

// jsdom has no canvas: the chart stands in as an image that lists what it was given to draw.
vi.mock('../../../components/charts/line-chart.js', () => ({
  default: ({ label, labels, series, formatValue }: LineChartProps) => (
    <div role="img" aria-label={label}>
      {labels.join(',')}|
      {series
        .map(
          (line) => `${line.label}=${line.values.map((v) => (v === null ? '-' : formatValue(v))).join(',')}`,
        )
        .join(';')}
    </div>
  ),
}));

const RANGE = '/api/v1/date_range_data_records.json';

const answer: DateRangeDataRecordsResponse = {
  from: '2026-10-26',
  to: '2026-11-24',
  days: [
    { date: '2026-11-23', values: { users_accepted: 4, monthly_cost_pence: 1200 } },
    { date: '2026-11-24', values: { users_accepted: 5, monthly_cost_pence: 1500 } },
  ],
};

beforeEach(() => {
  // Only the clock: the page's today is 24 November 2026 (UTC) while timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

async function openRangeTab(server: Parameters<typeof serveStatistics>[0] = {}) {
  const calls = serveStatistics(server);
  renderApp('/admin/datadashboard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Date range' }));
  return { calls, user };
}

const field = (name: 'From' | 'To') => screen.getByLabelText<HTMLInputElement>(name);

describe('/admin/datadashboard: the Date range view', () => {
  it('opens on the last 30 days and draws a chart per group of figures, money in pounds', async () => {
    const { calls, user } = await openRangeTab({ range: { body: answer } });
    expect(field('From').value).toBe('2026-10-26');
    expect(field('To').value).toBe('2026-11-24');
    expect(field('To').max).toBe('2026-11-24');
    const request = queryOf(callsTo(calls, RANGE)[0]);
    expect([request.get('from'), request.get('to')]).toEqual(['2026-10-26', '2026-11-24']);

    const users = await screen.findByRole('figure', { name: 'Users' });
    // The chart arrives lazily, after the figure's frame.
    const chart = await within(users).findByRole('img', { name: /^Users from 26\/10\/2026 to 24\/11\/2026/ });
    // Every day of the range on the axis; days without a record are gaps.
    expect(chart.textContent).toMatch(/^26 Oct,27 Oct,.*,24 Nov\|/);
    expect(chart.textContent).toContain('Accepted=-,');
    expect(chart.textContent).toContain(',4,5;');
    const cost = within(screen.getByRole('figure', { name: 'Monthly cost' })).getByRole('img');
    expect(cost.textContent).toContain('£12.00,£15.00');
    expect(screen.getAllByRole('figure')).toHaveLength(6);

    // The figures as a table, on demand.
    await user.click(within(users).getByText('Show the figures of Users'));
    const row = within(users).getByRole('row', { name: /24\/11\/2026/ });
    expect(within(row).getAllByRole('cell')[0]?.textContent).toBe('5');
  });

  it('says so when the range has no record', async () => {
    await openRangeTab();
    expect(await screen.findByText(DATE_RANGE_TEXT.empty)).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('shows an error when the series cannot be loaded', async () => {
    await openRangeTab({ range: { status: 500 } });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });

  it('asks for the chosen days once they pass the checks', async () => {
    const { calls, user } = await openRangeTab();
    await screen.findByText(DATE_RANGE_TEXT.empty);
    await user.clear(field('From'));
    await user.type(field('From'), '2026-01-01');
    await user.clear(field('To'));
    await user.type(field('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(callsTo(calls, RANGE)).toHaveLength(2));
    const request = queryOf(callsTo(calls, RANGE)[1]);
    expect([request.get('from'), request.get('to')]).toEqual(['2026-01-01', '2026-03-31']);
  });

  it.each([
    ['a start after the end', '2026-11-20', '2026-11-10', 'From', RANGE_TEXT.reversed],
    ['an end after today', '2026-11-01', '2026-11-25', 'To', RANGE_TEXT.future],
    ['more than a year', '2025-01-01', '2026-11-24', 'From', RANGE_TEXT.tooLong],
    ['no start', '', '2026-11-24', 'From', RANGE_TEXT.fromMissing],
  ] as const)(
    'refuses %s with a message at the field, and asks nothing',
    async (_case, from, to, at, message) => {
      const { calls, user } = await openRangeTab();
      await screen.findByText(DATE_RANGE_TEXT.empty);
      await user.clear(field('From'));
      if (from) await user.type(field('From'), from);
      await user.clear(field('To'));
      await user.type(field('To'), to);
      await user.click(screen.getByRole('button', { name: 'Show' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(field(at).getAttribute('aria-invalid')).toBe('true');
      expect(field(at).getAttribute('aria-describedby')).toBeTruthy();
      await act(() => Promise.resolve());
      expect(callsTo(calls, RANGE)).toHaveLength(1);
    },
  );

  it('moves between the tabs with the arrow keys', async () => {
    const { user } = await openRangeTab();
    const rangeTab = screen.getByRole('tab', { name: 'Date range' });
    expect(rangeTab.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    const allTime = screen.getByRole('tab', { name: 'All time view' });
    expect(allTime.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(allTime);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rangeTab);
    expect(screen.getByRole('form', { name: 'Date range' })).toBeTruthy();
  });
});
