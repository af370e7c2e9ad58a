import {
  type ReaderRoute,
  type ReaderRows,
  readerIdsOf,
  readerRoutesOf,
} from '../permissions/reader-policy.js';
import { activeAdministratorIds, type TrustState } from './trust-state.js';

/*
 * Who reads a chest's secrets by the verified log: the verified state turned into the rows of core's
 * one reader policy (permissions/reader-policy.ts), the same function the server runs over its tables.
 */

/** The reader policy's rows for `chestId`, from the state (active users only: removal ends membership). */
export function readerRowsOf(state: TrustState, chestId: string): ReaderRows {
  const chest = state.chests.get(chestId);
  const assignments = [...(chest?.teams ?? [])].map(([team, edit]) => ({
    team_id: team,
    vault_id: chestId,
    edit_access: edit,
  }));
  const memberships = assignments.flatMap(({ team_id }) =>
    [...(state.teams.get(team_id) ?? [])].map(([user, edit]) => ({
      team_id,
      user_id: user,
      edit_access: edit,
    })),
  );
  const managers = [...(chest?.managers ?? [])].map((user) => ({ user_id: user, vault_id: chestId }));
  return { administratorIds: activeAdministratorIds(state), assignments, memberships, managers };
}

/** The ids of the users who must hold a wrapped key of a secret in `chest` (hidden: administrators only). */
export function readers(state: TrustState, chest: string, hidden: boolean): Set<string> {
  return readerIdsOf(readerRowsOf(state, chest), chest, hidden);
}

/** readers, each with why they read (administrator, manager, each team). */
export function readerRoutes(state: TrustState, chest: string, hidden: boolean): Map<string, ReaderRoute[]> {
  return readerRoutesOf(readerRowsOf(state, chest), chest, hidden);
}
