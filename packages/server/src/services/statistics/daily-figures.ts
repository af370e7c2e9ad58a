import { TEAM_PLAN } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sumMonthlyPence } from '../../repositories/billing-subscription-repository.js';
import { countMissingKeys } from '../../repositories/missing-key-repository.js';
import { countOrganisationRows } from '../../repositories/organisation-count-repository.js';
import { countRotatedSecrets, countSecretsToRotate } from '../../repositories/rotation-repository.js';
import {
  countDailyAuditEvents,
  countLiveSecretsByCategory,
  countUserStates,
} from '../../repositories/statistics-figure-repository.js';
import { usersOutsideLog } from '../trust-log/log-readers.js';
import type { DailyFigures } from './statistics-metrics.js';
import { addDays, daysFrom, startOfDay } from './utc-days.js';

// The figures of the daily record, counted for one organisation (docs/statistics.md) through the
// repositories: every read filters on organisation_id and answers counts only.

/** Figures that only exist "as of now": counts of rows, which the database keeps no history of. */
export type SnapshotFigures = Omit<DailyFigures, EventMetric | 'rotated_this_month'>;
/** Figures of one day, counted from the audit log, which keeps every day's entries. */
export type EventFigures = Pick<DailyFigures, EventMetric>;
type EventMetric = 'sign_ins' | 'secrets_created' | 'secrets_removed';

/** Subscription statuses that are charged: a trial costs nothing until it turns into a paid plan. */
export const CHARGED_STATUSES = ['active', 'past_due'] as const;

/** Secret categories (core's SecretCategory) by the figure that counts them. */
const CATEGORY_FIGURES = {
  secrets_credential: 'password',
  secrets_phone: 'telephone',
  secrets_address: 'address',
  secrets_note: 'note',
} as const;

/** Zero of every event figure: a day without audit entries. */
export const NO_EVENTS: EventFigures = { sign_ins: 0, secrets_created: 0, secrets_removed: 0 };

/** Everything counted as of now (six indexed queries, all scoped to the organisation). */
export async function countSnapshotFigures(
  db: Kysely<Database>,
  organisationId: string,
): Promise<SnapshotFigures> {
  const [users, secrets, chests, teams, missingKeys, toRotate, monthlyCost] = await Promise.all([
    countUserStates(db, organisationId),
    countLiveSecretsByCategory(db, organisationId),
    countOrganisationRows(db, 'vaults', organisationId),
    countOrganisationRows(db, 'teams', organisationId),
    countMissingKeysOfOrganisation(db, organisationId),
    countSecretsToRotate(db, organisationId),
    monthlyCostPence(db, organisationId),
  ]);
  const { byCategory } = secrets;
  return {
    users_accepted: users.accepted,
    users_pending: users.pending,
    users_locked: users.locked,
    administrators: users.administrators,
    two_step_users: users.twoStep,
    secrets_credential: byCategory.get(CATEGORY_FIGURES.secrets_credential) ?? 0,
    secrets_phone: byCategory.get(CATEGORY_FIGURES.secrets_phone) ?? 0,
    secrets_address: byCategory.get(CATEGORY_FIGURES.secrets_address) ?? 0,
    secrets_note: byCategory.get(CATEGORY_FIGURES.secrets_note) ?? 0,
    weak_secrets: secrets.weak,
    chests,
    teams,
    missing_keys: missingKeys,
    secrets_to_rotate: toRotate,
    monthly_cost_pence: monthlyCost,
  };
}

/**
 * Keys that should exist and do not: each (secret, reader) pair of the organisation where the reader
 * holds no wrapped key, by the same rule as the reshare calls (repositories/missing-key-repository.ts)
 * but over the whole organisation, so the figure falls to zero once everything has been reshared and
 * does not depend on who asks.
 */
export async function countMissingKeysOfOrganisation(
  db: Kysely<Database>,
  organisationId: string,
): Promise<number> {
  return countMissingKeys(db, { organisationId, excludedUserIds: await usersOutsideLog(db, organisationId) });
}

/**
 * Secrets rotated (a new revision closed their row) from the first of `day`'s month to the end of
 * `day`: exact for any past day, since a closed row keeps when it was closed.
 */
export async function countRotatedThisMonth(
  db: Kysely<Database>,
  organisationId: string,
  day: string,
): Promise<number> {
  return countRotatedSecrets(
    db,
    organisationId,
    startOfDay(`${day.slice(0, 7)}-01`),
    startOfDay(addDays(day, 1)),
  );
}

/**
 * What the organisation pays each month, in pence: unit amount × quantity of its Team Plan
 * subscription while it is charged (active, or past due while the provider retries the card). A trial
 * and an organisation without a subscription cost 0.
 */
function monthlyCostPence(db: Kysely<Database>, organisationId: string): Promise<number> {
  return sumMonthlyPence(db, organisationId, TEAM_PLAN.nickname, CHARGED_STATUSES);
}

/**
 * Sign-ins, secrets created and secrets marked for deletion on each day from `from` to `to` (both
 * included), from the audit log. The log keeps every day, so these figures are exact for any past
 * day. Days without entries are left out.
 */
export function countDailyEvents(
  db: Kysely<Database>,
  organisationId: string,
  from: string,
  to: string,
): Promise<Map<string, EventFigures>> {
  return countDailyAuditEvents(db, organisationId, startOfDay(from), startOfDay(addDays(to, 1)));
}

/**
 * Every figure of each day from `first` to `last` (both included): the counts as of now, which the
 * database keeps no history of, and each day's own events. The one way a day's figures are made:
 * the nightly record (daily-recorder.ts) and today's figures on demand (todays-figures.ts) both
 * call it.
 */
export async function countFiguresOfDays(
  db: Kysely<Database>,
  organisationId: string,
  first: string,
  last: string,
): Promise<Map<string, DailyFigures>> {
  const snapshot = await countSnapshotFigures(db, organisationId);
  const events = await countDailyEvents(db, organisationId, first, last);
  const days = daysFrom(first, last);
  const rotated = await Promise.all(days.map((day) => countRotatedThisMonth(db, organisationId, day)));
  return new Map(
    days.map((day, index) => [
      day,
      { ...snapshot, ...(events.get(day) ?? NO_EVENTS), rotated_this_month: rotated[index] ?? 0 },
    ]),
  );
}
