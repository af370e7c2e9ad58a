// Pure display formatting for money, dates and card expiry (spec section 9).

// Formatters are made on first use: creating one loads ICU locale data (several MB of resident memory),
// which a server that never formats a date should not pay for at start.
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const dateFormat = lazy(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' }));
const dateTimeFormat = lazy(
  () => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'short' }),
);

/** Formats an amount in pence as pounds with two decimals, e.g. 300 → '£3.00'. */
export function formatPence(pence: number): string {
  // Plain arithmetic rather than Intl: plan cards format prices at import time, on the server too.
  const amount = Number.isFinite(pence) ? Math.round(pence) : 0;
  const [whole = '0', fraction = '00'] = (Math.abs(amount) / 100).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}£${grouped}.${fraction}`;
}

function toDate(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Formats an ISO date (or Date, or epoch ms) as an en-GB date in UTC, e.g. '01/05/2024'; '' when absent or invalid. */
export function formatDateEnGb(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : '';
}

/** Formats an ISO date as an en-GB date and time in UTC, e.g. '01/05/2024, 10:00'; '' when absent or invalid. */
export function formatDateTimeEnGb(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : '';
}

/** Converts the payment provider's Unix seconds to an ISO date; null stays null. */
export function unixSecondsToIso(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  return new Date(seconds * 1000).toISOString();
}

/** Formats a card expiry as 'MM/YYYY'; a two-digit year is read as 20YY. */
export function formatCardExpiry(month: number, year: number): string {
  const fullYear = year < 100 ? 2000 + year : year;
  return `${String(month).padStart(2, '0')}/${fullYear}`;
}
