import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INACTIVITY_MINUTES,
  INACTIVITY_OPTIONS,
  isInactivityOption,
  NEVER,
  resolveInactivityMinutes,
} from './inactivity-constants.js';

describe('inactivity options', () => {
  it('offers Never then the minute choices in order', () => {
    expect(INACTIVITY_OPTIONS.map((option) => option.value)).toEqual([-1, 5, 10, 15, 20, 30, 60, 120]);
    expect(INACTIVITY_OPTIONS[0]).toEqual({ value: -1, label: 'Never' });
    expect(INACTIVITY_OPTIONS[1]).toEqual({ value: 5, label: '5 minutes' });
    expect(INACTIVITY_OPTIONS.at(-1)).toEqual({ value: 120, label: '120 minutes' });
  });

  it('defaults to 10 minutes, -1 meaning never', () => {
    expect(DEFAULT_INACTIVITY_MINUTES).toBe(10);
    expect(NEVER).toBe(-1);
  });

  it('recognises the choices only', () => {
    expect(isInactivityOption(-1)).toBe(true);
    expect(isInactivityOption(120)).toBe(true);
    expect(isInactivityOption(7)).toBe(false);
    expect(isInactivityOption('10')).toBe(false);
  });

  it('uses the default when the server gives no number', () => {
    expect(resolveInactivityMinutes(undefined)).toBe(10);
    expect(resolveInactivityMinutes(null)).toBe(10);
    expect(resolveInactivityMinutes('30')).toBe(10);
    expect(resolveInactivityMinutes(Number.NaN)).toBe(10);
    expect(resolveInactivityMinutes(30)).toBe(30);
    expect(resolveInactivityMinutes(-1)).toBe(-1);
  });
});
