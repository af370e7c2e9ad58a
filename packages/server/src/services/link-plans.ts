import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  deleteAssignments,
  insertAssignments,
  type NewAssignment,
  updateAssignmentAccess,
} from '../repositories/assignment-repository.js';
import {
  deleteMemberships,
  insertMemberships,
  type NewMembership,
  updateMembershipAccess,
} from '../repositories/membership-repository.js';
import type { NestedPlan } from './nested-attributes.js';

type Db = Kysely<Database>;

/** The three writes of a join table (assignments or memberships) that a nested plan asks for. */
interface LinkTable<Row> {
  remove: (db: Db, organisationId: string, ids: readonly string[]) => Promise<void>;
  setAccess: (db: Db, organisationId: string, id: string, editAccess: boolean) => Promise<void>;
  insert: (db: Db, organisationId: string, rows: readonly Row[]) => Promise<void>;
}

const ASSIGNMENTS: LinkTable<NewAssignment> = {
  remove: deleteAssignments,
  setAccess: updateAssignmentAccess,
  insert: insertAssignments,
};

const MEMBERSHIPS: LinkTable<NewMembership> = {
  remove: deleteMemberships,
  setAccess: updateMembershipAccess,
  insert: insertMemberships,
};

// Removals before new links: each join table holds one link per pair (a unique constraint).
async function applyPlan<Row>(
  trx: Db,
  organisationId: string,
  plan: NestedPlan,
  table: LinkTable<Row>,
  newRow: (ref: string, editAccess: boolean) => Row,
): Promise<void> {
  await table.remove(trx, organisationId, plan.destroys);
  for (const update of plan.updates)
    await table.setAccess(trx, organisationId, update.id, update.edit_access);
  await table.insert(
    trx,
    organisationId,
    plan.creates.map(({ ref, edit_access }) => newRow(ref, edit_access)),
  );
}

/** Writes a chest's `assignments_attributes` plan: the teams linked to the chest. */
export function applyChestTeamsPlan(trx: Db, organisationId: string, chestId: string, plan: NestedPlan) {
  return applyPlan(trx, organisationId, plan, ASSIGNMENTS, (teamId, editAccess) => ({
    vault_id: chestId,
    team_id: teamId,
    edit_access: editAccess,
  }));
}

/** Writes a team's `assignments_attributes` plan: the chests linked to the team. */
export function applyTeamChestsPlan(trx: Db, organisationId: string, teamId: string, plan: NestedPlan) {
  return applyPlan(trx, organisationId, plan, ASSIGNMENTS, (chestId, editAccess) => ({
    vault_id: chestId,
    team_id: teamId,
    edit_access: editAccess,
  }));
}

/** Writes a team's `memberships_attributes` plan: the team's members. */
export function applyTeamMembersPlan(trx: Db, organisationId: string, teamId: string, plan: NestedPlan) {
  return applyPlan(trx, organisationId, plan, MEMBERSHIPS, (userId, editAccess) => ({
    team_id: teamId,
    user_id: userId,
    edit_access: editAccess,
  }));
}
