import type { AccessMembership, Actor, Chest, NamedRef } from '@coffer/core';
import { canWriteChest } from '@coffer/core';

/** What the web app knows of the user for chest rules. */
export interface ChestActor extends Actor {
  /** The user's teams from the profile, when the server gave them. */
  teams?: NamedRef[] | undefined;
}

/**
 * Whether the user may write secrets in a chest, mirroring the server (core's canWriteChest):
 * administrators always; managers; members with edit access of a team assigned with edit access.
 * Without the user's memberships (the server did not list them), every team of the user (or, lacking
 * that, of the chest) counts as an edit membership: the spec's own rule, "at least one edit_access
 * assignment". The server refuses anything the user may not do anyway.
 */
export function canWriteInChest(
  chest: Chest,
  actor: ChestActor,
  memberships: readonly AccessMembership[] | null,
): boolean {
  if (actor.administrator) return true;
  const assignments = (chest.assignments ?? []).map((a) => ({
    team_id: a.team_id,
    vault_id: chest.id,
    edit_access: a.edit_access,
  }));
  const managers = (chest.users ?? [])
    .filter((user) => user.manager)
    .map((user) => ({ user_id: user.id, vault_id: chest.id }));
  const teams = actor.teams ?? chest.teams ?? [];
  const own =
    memberships ?? teams.map((team) => ({ user_id: actor.id, team_id: team.id, edit_access: true }));
  return canWriteChest({ user: actor, chestId: chest.id, memberships: own, assignments, managers });
}

/** The chests a user may add or move secrets to, in the order given. */
export function writableChests(
  chests: readonly Chest[],
  actor: ChestActor,
  memberships: readonly AccessMembership[] | null,
): Chest[] {
  return chests.filter((chest) => canWriteInChest(chest, actor, memberships));
}
