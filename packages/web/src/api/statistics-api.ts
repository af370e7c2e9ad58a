import type { AllTimeDataRecordsResponse, DateRangeDataRecordsResponse } from '@coffer/core';
import { requestOrThrow } from './api-client.js';

// Typed calls of the data dashboard (spec section 7, "Billing and statistics"): data administrators only.

/** A range of UTC days, both ends included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/** The statistic cards, read from the newest daily record (`recorded_on`, null before the first). */
export function fetchAllTimeRecords(signal?: AbortSignal): Promise<AllTimeDataRecordsResponse> {
  return requestOrThrow<AllTimeDataRecordsResponse>(
    '/api/v1/all_time_data_records.json',
    signal ? { signal } : {},
  );
}

/** The daily series between two days (both included), oldest first, for the charts. */
export function fetchDateRangeRecords(
  range: DayRange,
  signal?: AbortSignal,
): Promise<DateRangeDataRecordsResponse> {
  return requestOrThrow<DateRangeDataRecordsResponse>('/api/v1/date_range_data_records.json', {
    query: { from: range.from, to: range.to },
    ...(signal ? { signal } : {}),
  });
}
