/**
 * Monthly billing periods, counted from the subscription's anchor: period n runs from anchor + n
 * months to anchor + n + 1 months. Each start is worked out from the anchor itself (not from the
 * previous period), so an anchor on the 31st gives the 28th or 30th in short months and the 31st
 * again afterwards, and periods never drift.
 */
export function periodStart(anchor: Date, index: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + index;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The period (start and end) with this index. */
export function billingPeriod(anchor: Date, index: number): { start: Date; end: Date } {
  return { start: periodStart(anchor, index), end: periodStart(anchor, index + 1) };
}

/** The index of the period running at `now` (-1 before the anchor). */
export function currentPeriodIndex(anchor: Date, now: Date): number {
  if (now < anchor) return -1;
  // A first guess from the calendar, corrected by at most a step either way.
  let index =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (index > 0 && periodStart(anchor, index) > now) index -= 1;
  while (periodStart(anchor, index + 1) <= now) index += 1;
  return index;
}
