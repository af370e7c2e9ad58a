// The data dashboard's figures (spec sections 3 and 7): counts of the organisation's own rows,
// recorded once a day. Nothing in them names a person or carries secret material.
import type { StatisticsCard } from './dashboard-model.js';

/** Every figure of a daily record. Counts, except `monthly_cost_pence` (money, in pence). */
export type StatisticsMetric =
  | 'users_accepted'
  | 'users_pending'
  | 'users_locked'
  | 'administrators'
  | 'two_step_users'
  | 'sign_ins'
  | 'secrets_credential'
  | 'secrets_phone'
  | 'secrets_address'
  | 'secrets_note'
  | 'weak_secrets'
  | 'secrets_created'
  | 'secrets_removed'
  | 'chests'
  | 'teams'
  | 'missing_keys'
  | 'secrets_to_rotate'
  | 'rotated_this_month'
  | 'monthly_cost_pence';

/** Answer of `GET api/v1/all_time_data_records.json`: one card per figure. */
export interface AllTimeDataRecordsResponse {
  items: StatisticsCard[];
  /** The day of the newest record the cards are read from (YYYY-MM-DD), null before the first. */
  recorded_on: string | null;
  /**
   * True while the organisation has no daily record yet: the cards are today's figures so far
   * (`recorded_on` is today), counted on demand, and show no change.
   */
  so_far: boolean;
}

/** One day of the series; a figure missing on a day was not recorded that day. */
export interface DataRecordDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  values: Partial<Record<StatisticsMetric, number>>;
}

/**
 * Answer of `GET api/v1/date_range_data_records.json?from=YYYY-MM-DD&to=YYYY-MM-DD` (both
 * inclusive, UTC days): the daily series for charts, oldest first.
 */
export interface DateRangeDataRecordsResponse {
  from: string;
  to: string;
  days: DataRecordDay[];
}
