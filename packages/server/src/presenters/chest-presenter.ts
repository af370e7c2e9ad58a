import type { Assignment, Chest, ChestUser, NamedRef } from '@coffer/core';
import type { AssignmentRecord } from '../repositories/assignment-repository.js';
import type { ChestRecord } from '../repositories/chest-repository.js';

/** Related objects a chest answer may carry (options teams / users). */
export interface ChestExtras {
  secretCount: number;
  teams?: NamedRef[];
  assignments?: AssignmentRecord[];
  users?: ChestUser[];
}

/** An assignment as the API shows it. */
export function presentAssignment(assignment: AssignmentRecord): Assignment {
  return {
    id: assignment.id,
    vault_id: assignment.vault_id,
    team_id: assignment.team_id,
    edit_access: assignment.edit_access,
  };
}

/** A chest as the API shows it (spec section 3, "Chest (vault)"). */
export function presentChest(chest: ChestRecord, extras: ChestExtras): Chest {
  return {
    id: chest.id,
    name: chest.name,
    secret_count: extras.secretCount,
    team_count: chest.team_count,
    rotation_days: chest.rotation_days ?? null,
    created_at: chest.created_at,
    updated_at: chest.updated_at,
    ...(extras.teams ? { teams: extras.teams } : {}),
    ...(extras.assignments ? { assignments: extras.assignments.map(presentAssignment) } : {}),
    ...(extras.users ? { users: extras.users } : {}),
  };
}
