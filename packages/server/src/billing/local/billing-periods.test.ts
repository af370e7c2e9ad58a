import { describe, expect, it } from 'vitest';
import { billingPeriod, currentPeriodIndex, periodStart } from './billing-periods.js';

const at = (iso: string) => new Date(iso);

describe('billing periods', () => {
  it('counts months from the anchor, clamping to the end of short months without drifting', () => {
    const anchor = at('2025-01-31T10:00:00.000Z');
    expect(periodStart(anchor, 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(periodStart(anchor, 2).toISOString()).toBe('2025-03-31T10:00:00.000Z');
    expect(periodStart(anchor, 13).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(billingPeriod(anchor, 0)).toEqual({ start: anchor, end: at('2025-02-28T10:00:00.000Z') });
  });

  it('finds the period running at a moment', () => {
    const anchor = at('2025-01-15T12:00:00.000Z');
    expect(currentPeriodIndex(anchor, at('2025-01-10T00:00:00.000Z'))).toBe(-1);
    expect(currentPeriodIndex(anchor, anchor)).toBe(0);
    expect(currentPeriodIndex(anchor, at('2025-02-15T11:59:59.999Z'))).toBe(0);
    expect(currentPeriodIndex(anchor, at('2025-02-15T12:00:00.000Z'))).toBe(1);
    expect(currentPeriodIndex(anchor, at('2026-01-20T00:00:00.000Z'))).toBe(12);
  });
});
