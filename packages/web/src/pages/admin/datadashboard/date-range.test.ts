import { describe, expect, it } from 'vitest';
import { addDays, defaultRange, MAX_RANGE_DAYS, RANGE_TEXT, validateRange } from './date-range.js';
import { chartSeries, daysOf, METRIC_CHARTS } from './metric-charts.js';

const TODAY = '2026-11-24';

describe('the date range', () => {
  it('opens on the last 30 days, today included', () => {
    expect(defaultRange(TODAY)).toEqual({ from: '2026-10-26', to: TODAY });
    expect(daysOf('2026-10-26', TODAY)).toHaveLength(30);
  });

  it('counts days across months and leap years in UTC', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('accepts a range of one day and one of a year', () => {
    expect(validateRange({ from: TODAY, to: TODAY }, TODAY)).toEqual({});
    expect(validateRange({ from: addDays(TODAY, -(MAX_RANGE_DAYS - 1)), to: TODAY }, TODAY)).toEqual({});
  });

  it('asks for both days, empty or not calendar days', () => {
    expect(validateRange({ from: '', to: '' }, TODAY)).toEqual({
      from: RANGE_TEXT.fromMissing,
      to: RANGE_TEXT.toMissing,
    });
    expect(validateRange({ from: '2026-02-30', to: TODAY }, TODAY)).toEqual({ from: RANGE_TEXT.fromMissing });
    expect(validateRange({ from: '2026-11-01', to: '24/11/2026' }, TODAY)).toEqual({
      to: RANGE_TEXT.toMissing,
    });
  });

  it('refuses an end after today, a start after the end and more than a year', () => {
    expect(validateRange({ from: '2026-11-01', to: '2026-11-25' }, TODAY)).toEqual({ to: RANGE_TEXT.future });
    expect(validateRange({ from: '2026-11-20', to: '2026-11-19' }, TODAY)).toEqual({
      from: RANGE_TEXT.reversed,
    });
    expect(validateRange({ from: addDays(TODAY, -MAX_RANGE_DAYS), to: TODAY }, TODAY)).toEqual({
      from: RANGE_TEXT.tooLong,
    });
  });
});

describe('the chart series', () => {
  const [users] = METRIC_CHARTS;

  it('has a value a day for each figure, and a gap where a day has no record', () => {
    const series = chartSeries(users!, {
      from: '2026-11-20',
      to: '2026-11-22',
      days: [
        { date: '2026-11-20', values: { users_accepted: 4, users_pending: 1 } },
        { date: '2026-11-22', values: { users_accepted: 6 } },
      ],
    });
    expect(series.days).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(series.lines[0]).toEqual({ label: 'Accepted', values: [4, null, 6] });
    expect(series.lines[1]).toEqual({ label: 'Pending', values: [1, null, null] });
  });

  it('draws every figure of a daily record once', () => {
    const metrics = METRIC_CHARTS.flatMap((chart) => chart.metrics.map((entry) => entry.metric));
    expect(new Set(metrics).size).toBe(metrics.length);
    expect(metrics).toHaveLength(19);
  });
});
