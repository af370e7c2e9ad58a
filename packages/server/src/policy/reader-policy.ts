import { canSeeSecret } from '@coffer/core';
import type { ChestAccessRows } from '../repositories/chest-access-repository.js';

/**
 * Who must hold a wrapped key of a secret in this chest (crypto.md): exactly the users core's
 * canSeeSecret lets read it. Candidates are the administrators, the chest's managers and the members
 * of its teams; each is checked with the same rule the rest of the policy uses.
 */
export function readerIdsOf(rows: ChestAccessRows, chestId: string, hidden: boolean): Set<string> {
  const administrators = new Set(rows.administratorIds);
  const teamIds = new Set(
    rows.assignments.filter((row) => row.vault_id === chestId).map((row) => row.team_id),
  );
  const candidates = new Set<string>(rows.administratorIds);
  for (const manager of rows.managers) if (manager.vault_id === chestId) candidates.add(manager.user_id);
  for (const membership of rows.memberships)
    if (teamIds.has(membership.team_id)) candidates.add(membership.user_id);
  const readers = new Set<string>();
  for (const id of candidates) {
    const context = {
      user: { id, administrator: administrators.has(id) },
      chestId,
      memberships: rows.memberships,
      assignments: rows.assignments,
      managers: rows.managers,
      hidden,
    };
    if (canSeeSecret(context)) readers.add(id);
  }
  return readers;
}
