import { type Chest, validateChest, validateRotationDays } from '@coffer/core';
import type { Kysely } from 'kysely';
import { requireWithinPlan } from '../../billing/plan-limits.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { type CallerAccess, requireAdministrator, requireVisibleChest } from '../../policy/index.js';
import { listAssignmentsOfChests } from '../../repositories/assignment-repository.js';
import { deleteChest, findChest, insertChest, touchChest } from '../../repositories/chest-repository.js';
import { listMembershipsOfTeams } from '../../repositories/membership-repository.js';
import { findTeamsByIds } from '../../repositories/team-repository.js';
import { auditByCaller } from '../caller-audit.js';
import { chosenId, requireFreeId } from '../client-chosen-id.js';
import { beginKeyChange, reconcileKeys } from '../key-bookkeeping.js';
import { applyChestTeamsPlan } from '../link-plans.js';
import { type NestedAttribute, type NestedPlan, planNestedChanges } from '../nested-attributes.js';
import type { ServiceContext } from '../service-context.js';
import { runMembershipChange } from '../trust-log/membership-change.js';
import { parseTrustEntries } from '../trust-log/trust-entries-guard.js';
import { showChestFor } from './chest-query-service.js';

/** Body of a chest create or update (`vault`). */
export interface ChestInput {
  /** A UUID the browser chose, so that its signed entries can name the chest (issue 30). */
  id?: unknown;
  name?: string;
  assignments_attributes?: NestedAttribute[];
  /** 'Rotate every N days' (issue 31): administrators; null or '' for no policy. */
  rotation_days?: unknown;
}

/** The chest's rotation policy as given, checked; undefined when the body leaves it out. */
function checkRotationDays(input: ChestInput): number | null | undefined {
  const given = input.rotation_days;
  if (given === undefined) return undefined;
  // null is no policy; a number or typed digits are checked; anything else fails the digits check.
  const text =
    given === null ? '' : typeof given === 'number' || typeof given === 'string' ? String(given) : '?';
  const { days, result } = validateRotationDays(text);
  const [message] = result.errors;
  if (message) throw AppError.validation(message);
  return days;
}

/** Chest answers after a change carry its teams, assignments and users (spec section 7). */
const CHANGE_ANSWER_OPTIONS = ['teams', 'users'];

/** What a change answers: teams and users, and whatever else the body's `options` asks for. */
function answerOptions(options: readonly string[] = []): Set<string> {
  return new Set([...CHANGE_ANSWER_OPTIONS, ...options]);
}

function checkChest(name: string | undefined, teamIds: readonly string[]): string {
  const result = validateChest({ chestName: name, firstTeam: teamIds });
  const [message] = result.errors;
  if (message) throw AppError.validation(message);
  return (name ?? '').trim();
}

async function requireTeamsExist(db: Kysely<Database>, organisationId: string, plan: NestedPlan) {
  const ids = plan.creates.map((create) => create.ref);
  const found = await findTeamsByIds(db, organisationId, ids);
  if (found.length !== ids.length) throw AppError.validation('Team not found.');
}

/** Creates a chest linked to at least one team (administrators). */
export async function createChest(
  ctx: ServiceContext,
  caller: CallerAccess,
  input: ChestInput,
  options: readonly string[] = [],
  trustEntries?: unknown,
): Promise<Chest> {
  const { db } = ctx;
  requireAdministrator(caller);
  const organisationId = caller.organisation.id;
  const entries = parseTrustEntries(trustEntries);
  const id = chosenId(input.id);
  const plan = planNestedChanges(input.assignments_attributes ?? [], [], 'team_id', 'Assignment');
  const name = checkChest(input.name, plan.finalRefs);
  const rotationDays = checkRotationDays(input) ?? null;
  await requireTeamsExist(db, organisationId, plan);
  const now = new Date().toISOString();
  const chest = {
    id,
    organisation_id: organisationId,
    name,
    rotation_days: rotationDays,
    created_at: now,
    updated_at: now,
  };
  await runMembershipChange(db, caller, entries, async (trx) => {
    await requireWithinPlan(trx, ctx.config.billing, organisationId, 'chest');
    await requireFreeId(trx, 'vaults', chest.id);
    await insertChest(trx, chest);
    await applyChestTeamsPlan(trx, organisationId, chest.id, plan);
    const created = `Created chest ${name}`;
    const action = rotationDays === null ? created : `${created}: ${rotationPolicyText(rotationDays)}`;
    await auditByCaller(trx, caller, action, 'Vault', chest.id);
  });
  return showChestFor(ctx, caller, chest.id, answerOptions(options));
}

/**
 * Renames a chest (its secrets carry the new name) and changes its teams (administrators). Keys of
 * users who lose access are deleted in the same transaction; readers who gain it have no key yet,
 * so they appear in reshare_all until someone who holds one shares it.
 */
export async function updateChest(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  input: ChestInput,
  options: readonly string[] = [],
  trustEntries?: unknown,
): Promise<Chest> {
  const { db } = ctx;
  const organisationId = caller.organisation.id;
  const chest = requireVisibleChest(caller, await findChest(db, organisationId, id));
  requireAdministrator(caller);
  const entries = parseTrustEntries(trustEntries);
  const existing = await listAssignmentsOfChests(db, organisationId, [chest.id]);
  const links = existing.map((row) => ({ id: row.id, ref: row.team_id, edit_access: row.edit_access }));
  const plan = planNestedChanges(input.assignments_attributes ?? [], links, 'team_id', 'Assignment');
  const name = checkChest(input.name ?? chest.name, plan.finalRefs);
  const rotationDays = checkRotationDays(input);
  const policyChanges = rotationDays !== undefined && rotationDays !== chest.rotation_days;
  await requireTeamsExist(db, organisationId, plan);
  // Only members of the teams that join or leave can gain or lose this chest's secrets.
  const teamOf = new Map(existing.map((row) => [row.id, row.team_id]));
  const changedTeamIds = [
    ...plan.creates.map((create) => create.ref),
    ...plan.destroys.flatMap((linkId) => teamOf.get(linkId) ?? []),
  ];
  const touchedUserIds = [
    ...new Set((await listMembershipsOfTeams(db, organisationId, changedTeamIds)).map((row) => row.user_id)),
  ];
  await runMembershipChange(db, caller, entries, async (trx) => {
    await beginKeyChange(trx, organisationId);
    await applyChestTeamsPlan(trx, organisationId, chest.id, plan);
    await touchChest(trx, chest, {
      ...(name === chest.name ? {} : { name }),
      ...(policyChanges ? { rotation_days: rotationDays } : {}),
    });
    await reconcileKeys(trx, organisationId, { chestIds: [chest.id], userIds: touchedUserIds });
    const renamed = name === chest.name ? `Updated chest ${name}` : `Renamed chest ${chest.name} to ${name}`;
    const action = policyChanges ? `${renamed}: ${rotationPolicyText(rotationDays ?? null)}` : renamed;
    await auditByCaller(trx, caller, action, 'Vault', chest.id);
  });
  return showChestFor(ctx, caller, chest.id, answerOptions(options));
}

function rotationPolicyText(days: number | null): string {
  return days === null ? 'rotation policy removed' : `rotate every ${days} days`;
}

/**
 * Deletes a chest with its secrets and their keys (administrators): one statement, whose cascade
 * takes the secrets, their keys, the assignments and managers, in the transaction of its audit entry.
 */
export async function removeChest(
  ctx: ServiceContext,
  caller: CallerAccess,
  id: string,
  trustEntries?: unknown,
): Promise<void> {
  const { db } = ctx;
  const chest = requireVisibleChest(caller, await findChest(db, caller.organisation.id, id));
  requireAdministrator(caller);
  const entries = parseTrustEntries(trustEntries);
  await runMembershipChange(db, caller, entries, async (trx) => {
    // First: the organisation's row, as in every change of secrets or keys (key-bookkeeping.ts).
    await beginKeyChange(trx, caller.organisation.id);
    await deleteChest(trx, chest);
    await auditByCaller(trx, caller, `Deleted chest ${chest.name} and its secrets`, 'Vault', chest.id);
  });
}
