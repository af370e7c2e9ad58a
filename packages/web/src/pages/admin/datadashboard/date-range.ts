import type { DayRange } from '../../../api/statistics-api.js';

// The date-range view's days: UTC calendar days as YYYY-MM-DD, like the daily records themselves.

/** The days the range opens on: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;

/** The longest range the charts draw: a year, leap day included. */
export const MAX_RANGE_DAYS = 366;

/** Messages of the range form. */
export const RANGE_TEXT = {
  fromMissing: 'Choose a start date.',
  toMissing: 'Choose an end date.',
  future: 'The end date cannot be after today.',
  reversed: 'The start date must be on or before the end date.',
  tooLong: `Choose a range of at most ${MAX_RANGE_DAYS} days.`,
} as const;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A Date's UTC day as YYYY-MM-DD. */
export function toIsoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Milliseconds of a YYYY-MM-DD day at 00:00 UTC; NaN when it is no calendar day (2024-02-30). */
function dayTime(day: string): number {
  if (!ISO_DAY.test(day)) return Number.NaN;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || toIsoDay(new Date(time)) !== day ? Number.NaN : time;
}

/** The day `count` days after (or before, when negative) the given one. */
export function addDays(day: string, count: number): string {
  return toIsoDay(new Date(dayTime(day) + count * DAY_MS));
}

/** The last 30 days up to `today` (YYYY-MM-DD), both ends included. */
export function defaultRange(today: string): DayRange {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

/** What is wrong with a range, per field; empty when it may be asked for. */
export interface RangeErrors {
  from?: string;
  to?: string;
}

/**
 * Checks a range typed into the form (a date input answers '' while incomplete or invalid): both
 * days present, the end not after today, the start not after the end, at most a year.
 */
export function validateRange({ from, to }: DayRange, today: string): RangeErrors {
  const start = dayTime(from);
  const end = dayTime(to);
  const errors: RangeErrors = {};
  if (Number.isNaN(start)) errors.from = RANGE_TEXT.fromMissing;
  if (Number.isNaN(end)) errors.to = RANGE_TEXT.toMissing;
  else if (end > dayTime(today)) errors.to = RANGE_TEXT.future;
  if (errors.from || errors.to) return errors;
  if (start > end) return { from: RANGE_TEXT.reversed };
  if ((end - start) / DAY_MS + 1 > MAX_RANGE_DAYS) return { from: RANGE_TEXT.tooLong };
  return {};
}

/** Whether a range passed validateRange. */
export function isValidRange(errors: RangeErrors): boolean {
  return errors.from === undefined && errors.to === undefined;
}
