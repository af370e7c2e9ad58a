import { noPermission, notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';

// The rotation list (issue 31): administrators see every row, chest managers the rows of the chests
// they manage whose secret they can read (not hidden), everyone else nothing (403).

/** Which rows the caller's rotation list may hold: all chests (null) or these, hidden secrets or not. */
export interface RotationReach {
  chestIds: string[] | null;
  includeHidden: boolean;
}

/** The caller's reach over the rotation list; 403 for someone who neither administers nor manages. */
export function requireRotationReach(caller: CallerAccess): RotationReach {
  if (caller.actor.administrator) return { chestIds: null, includeHidden: true };
  const chestIds = [...new Set(caller.managers.map((manager) => manager.vault_id))];
  if (chestIds.length === 0) throw noPermission();
  return { chestIds, includeHidden: false };
}

/** Whether the caller may see the rotation list at all (the security centre shows it or not). */
export function seesRotationList(caller: CallerAccess): boolean {
  return caller.actor.administrator || caller.managers.length > 0;
}

/** The row if it is within the caller's reach; 404 otherwise (also missing, closed or foreign). */
export function requireReachableRotation<T extends { vault_id: string; hidden: boolean }>(
  caller: CallerAccess,
  row: T | null,
): T {
  const reach = requireRotationReach(caller);
  if (!row) throw notFound();
  if (reach.chestIds && (!reach.chestIds.includes(row.vault_id) || row.hidden)) throw notFound();
  return row;
}
