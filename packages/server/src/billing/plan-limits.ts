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
  if (billing === 'off') return;
  await lockOrganisationRow(trx, organisationId);
  const now = new Date();
  const running = await findRunningSubscription(trx, organisationId, now);
  const teamPlan = running !== null && isOnTeamPlan(presentMirroredSubscription(running));
  // Only what the addition is measured against is counted; the Team Plan has no chest or secret limit.
  if (teamPlan && adding !== 'user') return;
  const counts = { users: 0, chests: 0, secrets: 0 };
  if (adding === 'user') counts.users = await countSeatsTaken(trx, organisationId, now, options.email);
  if (adding === 'chest') counts.chests = await countOrganisationRows(trx, 'vaults', organisationId);
  if (adding === 'secret') counts.secrets = await countLiveSecrets(trx, organisationId);
  const refusal = checkPlanLimit({ teamPlan, adding, counts });
  if (refusal) throw AppError.validation(refusal);
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
