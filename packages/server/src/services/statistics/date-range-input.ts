import { AppError } from '../../errors/app-error.js';
import { daysBetween, isDay } from './utc-days.js';

/** The longest range `date_range_data_records` answers, in days (both ends counted): a year and a day. */
export const MAX_RANGE_DAYS = 366;

export const FROM_DATE_MESSAGE = 'The start date (from) must be a date written YYYY-MM-DD.';
export const TO_DATE_MESSAGE = 'The end date (to) must be a date written YYYY-MM-DD.';
export const RANGE_ORDER_MESSAGE = 'The start date (from) must not be after the end date (to).';
export const RANGE_LENGTH_MESSAGE = `The date range can cover at most ${MAX_RANGE_DAYS} days.`;

/** The query of `GET api/v1/date_range_data_records.json`. */
export interface DateRangeQuery {
  from?: string;
  to?: string;
}

/** A checked range of UTC days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** Checks the range: both real days, `from` not after `to`, at most MAX_RANGE_DAYS; 400 otherwise. */
export function readDayRange(query: DateRangeQuery): DayRange {
  const from = query.from?.trim() ?? '';
  const to = query.to?.trim() ?? '';
  if (!isDay(from)) throw AppError.validation(FROM_DATE_MESSAGE);
  if (!isDay(to)) throw AppError.validation(TO_DATE_MESSAGE);
  if (from > to) throw AppError.validation(RANGE_ORDER_MESSAGE);
  if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS) throw AppError.validation(RANGE_LENGTH_MESSAGE);
  return { from, to };
}
