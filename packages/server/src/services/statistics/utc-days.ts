// Days of the daily record: UTC calendar days written YYYY-MM-DD, compared as text (like every
// timestamp in the database, which is ISO-8601 UTC text).

const DAY_MS = 86_400_000;
const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of an instant. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + count * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);
}

/** Every day from `from` to `to`, both included, oldest first (none when `to` comes first). */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether `text` is a real calendar day written YYYY-MM-DD (so 2026-02-30 is not). */
export function isDay(text: string): boolean {
  if (!DAY_SHAPE.test(text)) return false;
  const parsed = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(parsed) && dayOf(new Date(parsed)) === text;
}

/** The first instant of a day, as the ISO text timestamps are compared with. */
export function startOfDay(day: string): string {
  return `${day}T00:00:00.000Z`;
}
