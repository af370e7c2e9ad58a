import type { StatisticsCard, StatisticsMetric } from '@coffer/core';
import { METRICS } from './statistics-metrics.js';
import { addDays } from './utc-days.js';

/** The change a card shows is measured against the record this many days before the newest. */
export const COMPARISON_DAYS = 30;

/** The day the newest record is compared with: COMPARISON_DAYS before it. */
export function comparisonTarget(newest: string): string {
  return addDays(newest, -COMPARISON_DAYS);
}

/**
 * The change from `previous` to `stat`: `increase` when it did not fall, `percentage` the size of
 * the change relative to `previous`, rounded to a whole number. From 0, any rise is 100 %.
 */
export function changeBetween(previous: number, stat: number): { increase: boolean; percentage: number } {
  const increase = stat >= previous;
  if (previous === 0) return { increase, percentage: stat === 0 ? 0 : 100 };
  return { increase, percentage: Math.round((Math.abs(stat - previous) / Math.abs(previous)) * 100) };
}

/**
 * The 'All time view' cards: one per figure of the newest record, in METRICS order, with its change
 * against the compared record (docs/statistics.md). A figure the compared record lacks shows no
 * change (0 %).
 */
export function buildCards(
  newest: Partial<Record<StatisticsMetric, number>>,
  compared: Partial<Record<StatisticsMetric, number>>,
): StatisticsCard[] {
  return METRICS.flatMap(({ metric, title, currency }) => {
    const stat = newest[metric];
    if (stat === undefined) return [];
    return [{ id: metric, title, stat, currency, ...changeBetween(compared[metric] ?? stat, stat) }];
  });
}
