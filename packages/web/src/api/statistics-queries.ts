import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DayRange } from './statistics-api.js';
import { fetchAllTimeRecords, fetchDateRangeRecords } from './statistics-api.js';

/** Query keys of the data dashboard. */
export const statisticsQueryKeys = {
  all: ['statistics'] as const,
  allTime: ['statistics', 'all-time'] as const,
  range: (range: DayRange) => ['statistics', 'range', range.from, range.to] as const,
};

/** The 'All time view' cards. */
export function useAllTimeRecords() {
  return useQuery({
    queryKey: statisticsQueryKeys.allTime,
    queryFn: ({ signal }) => fetchAllTimeRecords(signal),
  });
}

/** The daily series of a range; the previous range stays on screen while the next one loads. */
export function useDateRangeRecords(range: DayRange) {
  return useQuery({
    queryKey: statisticsQueryKeys.range(range),
    queryFn: ({ signal }) => fetchDateRangeRecords(range, signal),
    placeholderData: keepPreviousData,
  });
}
