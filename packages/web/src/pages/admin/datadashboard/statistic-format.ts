import { formatPence } from '@coffer/core';

// How the dashboard writes its figures: counts with thousands separators, money as pounds.

const countFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A count, e.g. 1,234. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** A figure as shown: pounds from pence when it is money (£12.50), else a count. */
export function formatStat(value: number, currency: boolean): string {
  return currency ? formatPence(value) : formatCount(value);
}

/** A change in percent without its sign (the arrow tells it), to one decimal at most: 12.5%, 3%. */
export function formatPercentage(percentage: number): string {
  const rounded = Math.round(Math.abs(percentage) * 10) / 10;
  return `${rounded}%`;
}

/** A day of a chart's axis, e.g. '1 May' (YYYY-MM-DD, UTC). */
export function formatAxisDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
