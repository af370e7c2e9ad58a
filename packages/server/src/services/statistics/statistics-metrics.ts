import type { StatisticsMetric } from '@coffer/core';

/** How a figure is shown as a card of the 'All time view'. */
export interface MetricDefinition {
  metric: StatisticsMetric;
  /** The card's title, in plain English. */
  title: string;
  /** Money in pence (the web app shows pounds). */
  currency: boolean;
}

/**
 * Every figure of a daily record, in the order the cards are shown. `satisfies` below keeps this
 * list and core's StatisticsMetric in step: a metric added to one and not the other fails to compile.
 */
export const METRICS: readonly MetricDefinition[] = [
  { metric: 'users_accepted', title: 'Accepted users', currency: false },
  { metric: 'users_pending', title: 'Pending users', currency: false },
  { metric: 'users_locked', title: 'Locked users', currency: false },
  { metric: 'administrators', title: 'Administrators', currency: false },
  { metric: 'two_step_users', title: 'Two-step on', currency: false },
  { metric: 'sign_ins', title: 'Sign-ins', currency: false },
  { metric: 'secrets_credential', title: 'Passwords', currency: false },
  { metric: 'secrets_phone', title: 'Phone numbers', currency: false },
  { metric: 'secrets_address', title: 'Addresses', currency: false },
  { metric: 'secrets_note', title: 'Notes', currency: false },
  { metric: 'weak_secrets', title: 'Weak secrets', currency: false },
  { metric: 'secrets_created', title: 'Secrets created', currency: false },
  { metric: 'secrets_removed', title: 'Secrets removed', currency: false },
  { metric: 'chests', title: 'Chests', currency: false },
  { metric: 'teams', title: 'Teams', currency: false },
  { metric: 'missing_keys', title: 'Missing keys', currency: false },
  { metric: 'secrets_to_rotate', title: 'Secrets to rotate', currency: false },
  { metric: 'rotated_this_month', title: 'Rotated this month', currency: false },
  { metric: 'monthly_cost_pence', title: 'Monthly cost', currency: true },
];

const EVERY_METRIC = {
  users_accepted: true,
  users_pending: true,
  users_locked: true,
  administrators: true,
  two_step_users: true,
  sign_ins: true,
  secrets_credential: true,
  secrets_phone: true,
  secrets_address: true,
  secrets_note: true,
  weak_secrets: true,
  secrets_created: true,
  secrets_removed: true,
  chests: true,
  teams: true,
  missing_keys: true,
  secrets_to_rotate: true,
  rotated_this_month: true,
  monthly_cost_pence: true,
} satisfies Record<StatisticsMetric, true>;

/** Whether a stored `metric` text names a figure this server knows (rows of a newer server are skipped). */
export function isStatisticsMetric(value: string): value is StatisticsMetric {
  return Object.hasOwn(EVERY_METRIC, value);
}

/** One day's figures of one organisation, every metric given. */
export type DailyFigures = Record<StatisticsMetric, number>;
