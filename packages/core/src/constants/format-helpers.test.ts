import { describe, expect, it } from 'vitest';
import {
  formatCardExpiry,
  formatDateEnGb,
  formatDateTimeEnGb,
  formatPence,
  unixSecondsToIso,
} from './format-helpers.js';

describe('formatPence', () => {
  it('formats pence as pounds with two decimals', () => {
    expect(formatPence(300)).toBe('£3.00');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(123456)).toBe('£1,234.56');
    expect(formatPence(15000)).toBe('£150.00');
  });

  it('treats a non-number as zero', () => {
    expect(formatPence(Number.NaN)).toBe('£0.00');
  });
});

describe('formatDateEnGb', () => {
  it('formats in en-GB order in UTC', () => {
    expect(formatDateEnGb('2024-05-01T10:00:00.000Z')).toBe('01/05/2024');
    expect(formatDateEnGb('2024-12-31T23:59:59.000Z')).toBe('31/12/2024');
    expect(formatDateEnGb(new Date(Date.UTC(2023, 0, 2)))).toBe('02/01/2023');
  });

  it('answers empty text for missing or invalid dates', () => {
    expect(formatDateEnGb(undefined)).toBe('');
    expect(formatDateEnGb(null)).toBe('');
    expect(formatDateEnGb('')).toBe('');
    expect(formatDateEnGb('not a date')).toBe('');
  });
});

describe('formatDateTimeEnGb', () => {
  it('adds the UTC time', () => {
    expect(formatDateTimeEnGb('2024-05-01T10:07:00.000Z')).toBe('01/05/2024, 10:07');
    expect(formatDateTimeEnGb('nope')).toBe('');
  });
});

describe('unixSecondsToIso', () => {
  it('converts provider timestamps', () => {
    expect(unixSecondsToIso(1714557600)).toBe('2024-05-01T10:00:00.000Z');
    expect(unixSecondsToIso(null)).toBeNull();
    expect(unixSecondsToIso(undefined)).toBeNull();
  });
});

describe('formatCardExpiry', () => {
  it('shows MM/YYYY', () => {
    expect(formatCardExpiry(3, 2027)).toBe('03/2027');
    expect(formatCardExpiry(12, 2030)).toBe('12/2030');
    expect(formatCardExpiry(7, 29)).toBe('07/2029');
  });
});

describe('formatPence beyond the plan prices', () => {
  it('groups millions and keeps the sign of a refund', () => {
    expect(formatPence(123456789)).toBe('£1,234,567.89');
    expect(formatPence(-300)).toBe('-£3.00');
  });
});
