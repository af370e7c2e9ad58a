import { checkPlanLimit, isOnTeamPlan, type PlanLimitInput } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { BillingMode } from '../config.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import {
  countLiveSecrets,
  countOrganisationRows,
  countPendingInvitations,
} from '../repositories/organisation-count-repository.js';
import { lockOrganisationRow } from '../repositories/organisation-repository.js';
import { findRunningSubscription, presentMirroredSubscription } from './plan-state.js';

/** What a change is about to add. */
export type PlanAddition = PlanLimitInput['adding'];

/** Options of a user addition. */
export interface UserAdditionOptions {
  /**
   * The address being added: its own pending invitation is not counted again (an invitation that
   * replaces it, or the one being accepted).
   */
  email?: string;
}

/**
 * The plan limits (spec sections 8 and 9): call it first in the transaction of the change. Free
 * plan: 1 user, 1 chest, 25 live secrets; Team Plan (trialling included): 50 users. Users count
 * with the pending invitations, which hold a seat until they are accepted or expire. A cancelled
 * or lapsed plan keeps every existing row: only additions are refused. BILLING=off: no limits.
 * Refusals are 400s with the spec's messages ('Chests exceed subscription limit.',
 * 'Users exceed subscription limit.').
 */
export async function requireWithinPlan(
  trx: Kysely<Database>,
  billing: BillingMode,
  organisationId: string,
  adding: PlanAddition,
  options: UserAdditionOptions = {},
): Promise<void> {
  const refusal = await planRefusal(trx, billing, organisationId, adding, options);
  if (refusal) throw AppError.validation(refusal);
}

/**
 * requireWithinPlan for `count` secrets added one after another (a bulk create): the first one past
 * the plan's limit, with its refusal, or null when all of them fit. Counted once, as the transaction
 * holds the organisation's row.
 */
export async function firstSecretOverPlan(
  trx: Kysely<Database>,
  billing: BillingMode,
  organisationId: string,
  count: number,
): Promise<{ index: number; error: AppError } | null> {
  const counts = await planCounts(trx, billing, organisationId, 'secret', {});
  if (counts === null) return null;
  for (let index = 0; index < count; index += 1) {
    const refusal = checkPlanLimit({
      teamPlan: counts.teamPlan,
      adding: 'secret',
      counts: { ...counts.counts, secrets: counts.counts.secrets + index },
    });
    if (refusal) return { index, error: AppError.validation(refusal) };
  }
  return null;
}

async function planRefusal(
  trx: Kysely<Database>,
  billing: BillingMode,
  organisationId: string,
  adding: PlanAddition,
  options: UserAdditionOptions,
): Promise<string | null> {
  const counts = await planCounts(trx, billing, organisationId, adding, options);
  return counts === null
    ? null
    : checkPlanLimit({ teamPlan: counts.teamPlan, adding, counts: counts.counts });
}

// What an addition is measured against, or null when nothing limits it (BILLING=off, the Team
// Plan for chests and secrets). Takes the organisation's row for the rest of the transaction.
async function planCounts(
  trx: Kysely<Database>,
  billing: BillingMode,
  organisationId: string,
  adding: PlanAddition,
  options: UserAdditionOptions,
): Promise<{ teamPlan: boolean; counts: PlanLimitInput['counts'] } | null> {
  if (billing === 'off') return null;
  await lockOrganisationRow(trx, organisationId);
  const now = new Date();
  const running = await findRunningSubscription(trx, organisationId, now);
  const teamPlan = running !== null && isOnTeamPlan(presentMirroredSubscription(running));
  // Only what the addition is measured against is counted; the Team Plan has no chest or secret limit.
  if (teamPlan && adding !== 'user') return null;
  const counts = { users: 0, chests: 0, secrets: 0 };
  if (adding === 'user') counts.users = await countSeatsTaken(trx, organisationId, now, options.email);
  if (adding === 'chest') counts.chests = await countOrganisationRows(trx, 'vaults', organisationId);
  if (adding === 'secret') counts.secrets = await countLiveSecrets(trx, organisationId);
  return { teamPlan, counts };
}

/** The organisation's accounts: what the Team Plan charges for (quantity). */
export async function countAccounts(db: Kysely<Database>, organisationId: string): Promise<number> {
  return countOrganisationRows(db, 'users', organisationId);
}

async function countSeatsTaken(
  db: Kysely<Database>,
  organisationId: string,
  now: Date,
  exceptEmail: string | undefined,
): Promise<number> {
  const accounts = await countAccounts(db, organisationId);
  return accounts + (await countPendingInvitations(db, organisationId, now.toISOString(), exceptEmail));
}
