import { describe, expect, it } from 'vitest';
import { buildCards, changeBetween, comparisonTarget } from './statistics-cards.js';
import { METRICS } from './statistics-metrics.js';
import { addDays, daysBetween, daysFrom, isDay } from './utc-days.js';

describe('the change a card shows', () => {
  it('is the rounded size of the change relative to the earlier figure', () => {
    expect(changeBetween(200, 250)).toEqual({ increase: true, percentage: 25 });
    expect(changeBetween(3, 2)).toEqual({ increase: false, percentage: 33 });
    expect(changeBetween(8, 9)).toEqual({ increase: true, percentage: 13 });
    expect(changeBetween(4, 4)).toEqual({ increase: true, percentage: 0 });
    expect(changeBetween(10, 0)).toEqual({ increase: false, percentage: 100 });
  });

  it('counts any rise from nothing as 100 % and nothing to nothing as no change', () => {
    expect(changeBetween(0, 7)).toEqual({ increase: true, percentage: 100 });
    expect(changeBetween(0, 0)).toEqual({ increase: true, percentage: 0 });
  });

  it('compares with the day 30 days before the newest', () => {
    expect(comparisonTarget('2026-03-31')).toBe('2026-03-01');
  });
});

describe('the cards', () => {
  it('follow the order of METRICS, skip figures the newest record lacks, and show no change without an earlier figure', () => {
    const cards = buildCards(
      { teams: 4, users_accepted: 10, monthly_cost_pence: 900 },
      { users_accepted: 5 },
    );
    expect(cards).toEqual([
      {
        id: 'users_accepted',
        title: 'Accepted users',
        stat: 10,
        currency: false,
        increase: true,
        percentage: 100,
      },
      { id: 'teams', title: 'Teams', stat: 4, currency: false, increase: true, percentage: 0 },
      {
        id: 'monthly_cost_pence',
        title: 'Monthly cost',
        stat: 900,
        currency: true,
        increase: true,
        percentage: 0,
      },
    ]);
  });

  it('have a title for every figure, and only money is currency', () => {
    expect(new Set(METRICS.map(({ title }) => title)).size).toBe(METRICS.length);
    expect(METRICS.filter(({ currency }) => currency).map(({ metric }) => metric)).toEqual([
      'monthly_cost_pence',
    ]);
  });
});

describe('UTC days', () => {
  it('takes only real days written YYYY-MM-DD', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay(' 2026-01-01')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('steps across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysFrom('2026-03-30', '2026-04-02')).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    ]);
    expect(daysFrom('2026-04-02', '2026-03-30')).toEqual([]);
  });
});
