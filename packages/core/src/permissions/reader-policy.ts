import type { AccessAssignment, AccessMembership, ChestManager } from './access-context.js';
import { canSeeSecret } from './chest-access-policy.js';

/*
 * Who reads a chest's secrets: one policy for the server (from its tables) and the clients (from the
 * verified trust log, trust-log/trust-readers.ts), so both compute the same reader set.
 */

/** The rows the reader policy needs: administrators, and the chest's assignments, memberships and managers. */
export interface ReaderRows {
  administratorIds: readonly string[];
  assignments: readonly AccessAssignment[];
  memberships: readonly AccessMembership[];
  managers: readonly ChestManager[];
}

/** Why a user reads a chest's secrets, before team names are added. */
export type ReaderRoute = { kind: 'administrator' } | { kind: 'manager' } | { kind: 'team'; team_id: string };

/**
 * Who must hold a wrapped key of a secret in this chest (crypto.md), each with why: exactly the users
 * canSeeSecret lets read it. Candidates are the administrators, the chest's managers and the members of
 * its teams; each is checked with the same rule the rest of the policy uses. A hidden secret is read as
 * an administrator only, so that is its one reason; a visible one lists every route (administrator,
 * manager, each team), in that order.
 */
export function readerRoutesOf(
  rows: ReaderRows,
  chestId: string,
  hidden: boolean,
): Map<string, ReaderRoute[]> {
  const administrators = new Set(rows.administratorIds);
  const teamIds = new Set(
    rows.assignments.filter((row) => row.vault_id === chestId).map((row) => row.team_id),
  );
  const routes = new Map<string, ReaderRoute[]>();
  const add = (userId: string, route: ReaderRoute) => {
    const known = routes.get(userId);
    if (known) known.push(route);
    else routes.set(userId, [route]);
  };
  for (const id of rows.administratorIds) add(id, { kind: 'administrator' });
  if (!hidden) {
    for (const manager of rows.managers)
      if (manager.vault_id === chestId) add(manager.user_id, { kind: 'manager' });
    for (const membership of rows.memberships)
      if (teamIds.has(membership.team_id))
        add(membership.user_id, { kind: 'team', team_id: membership.team_id });
  }
  const readers = new Map<string, ReaderRoute[]>();
  for (const [id, found] of routes) {
    const context = {
      user: { id, administrator: administrators.has(id) },
      chestId,
      memberships: rows.memberships,
      assignments: rows.assignments,
      managers: rows.managers,
      hidden,
    };
    if (canSeeSecret(context)) readers.set(id, found);
  }
  return readers;
}

/** The ids of readerRoutesOf: who must hold a wrapped key of a secret in this chest. */
export function readerIdsOf(rows: ReaderRows, chestId: string, hidden: boolean): Set<string> {
  return new Set(readerRoutesOf(rows, chestId, hidden).keys());
}
