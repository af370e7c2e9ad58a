import type { DateRangeDataRecordsResponse, StatisticsMetric } from '@coffer/core';
import { addDays } from './date-range.js';

// The date-range view's charts: which figures of the daily records each one draws, and the daily
// series read from the answer of date_range_data_records.json.

/** One chart: its title and the figures it draws, each with its legend label. */
export interface MetricChart {
  id: string;
  title: string;
  /** The figures are money in pence (shown as pounds). */
  money: boolean;
  metrics: readonly { metric: StatisticsMetric; label: string }[];
}

/** Every figure of a daily record, in five charts of related figures. */
export const METRIC_CHARTS: readonly MetricChart[] = [
  {
    id: 'users',
    title: 'Users',
    money: false,
    metrics: [
      { metric: 'users_accepted', label: 'Accepted' },
      { metric: 'users_pending', label: 'Pending' },
      { metric: 'users_locked', label: 'Locked' },
      { metric: 'administrators', label: 'Administrators' },
      { metric: 'two_step_users', label: 'Two-step on' },
    ],
  },
  {
    id: 'activity',
    title: 'Activity',
    money: false,
    metrics: [
      { metric: 'sign_ins', label: 'Sign-ins' },
      { metric: 'secrets_created', label: 'Secrets created' },
      { metric: 'secrets_removed', label: 'Secrets removed' },
    ],
  },
  {
    id: 'secrets',
    title: 'Secrets',
    money: false,
    metrics: [
      { metric: 'secrets_credential', label: 'Passwords' },
      { metric: 'secrets_phone', label: 'Phone numbers' },
      { metric: 'secrets_address', label: 'Addresses' },
      { metric: 'secrets_note', label: 'Notes' },
      { metric: 'weak_secrets', label: 'Weak secrets' },
    ],
  },
  {
    id: 'structure',
    title: 'Chests, teams and keys',
    money: false,
    metrics: [
      { metric: 'chests', label: 'Chests' },
      { metric: 'teams', label: 'Teams' },
      { metric: 'missing_keys', label: 'Missing keys' },
    ],
  },
  {
    id: 'rotation',
    title: 'Rotation',
    money: false,
    metrics: [
      { metric: 'secrets_to_rotate', label: 'Secrets to rotate' },
      { metric: 'rotated_this_month', label: 'Rotated this month' },
    ],
  },
  {
    id: 'cost',
    title: 'Monthly cost',
    money: true,
    metrics: [{ metric: 'monthly_cost_pence', label: 'Monthly cost' }],
  },
];

/** A chart's figures: every day of the range, and per figure a value a day (null: not recorded). */
export interface ChartSeries {
  days: string[];
  lines: { label: string; values: (number | null)[] }[];
}

/** Every day from `from` to `to`, both included (the answer leaves out days without a record). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The series of one chart over the answered range; a day without a record is a gap. */
export function chartSeries(chart: MetricChart, answer: DateRangeDataRecordsResponse): ChartSeries {
  const byDay = new Map(answer.days.map((day) => [day.date, day.values]));
  const days = daysOf(answer.from, answer.to);
  return {
    days,
    lines: chart.metrics.map(({ metric, label }) => ({
      label,
      values: days.map((day) => byDay.get(day)?.[metric] ?? null),
    })),
  };
}
