import { type AccessContext, canSeeChest, canWriteChest, isChestManager } from '@coffer/core';
import { noPermission, notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';

/** Core's access context of the caller for one chest. */
export function chestContext(caller: CallerAccess, chestId: string): AccessContext {
  return {
    user: caller.actor,
    chestId,
    memberships: caller.memberships,
    assignments: caller.assignments,
    managers: caller.managers,
  };
}

/**
 * The chests the caller reaches through teams or by managing them (administrators reach every
 * chest, but "their" chests are these; they ask for the rest with `everything`).
 */
export function ownChestIds(caller: CallerAccess): string[] {
  // loadCallerAccess loads only the assignments of the caller's own teams, each of which lets them
  // see its chest (canSeeChest), so no per-chest check is needed here.
  const chestIds = [...caller.managers, ...caller.assignments].map((row) => row.vault_id);
  return [...new Set(chestIds)];
}

/** Chests a list may show: every chest (null) for an administrator asking for everything, else their own. */
export function listableChestIds(caller: CallerAccess, everything: boolean): string[] | null {
  if (everything && caller.actor.administrator) return null;
  return ownChestIds(caller);
}

/** Whether the caller manages the chest (shown as `manager` on chests and secrets). */
export function managesChest(caller: CallerAccess, chestId: string): boolean {
  return isChestManager(chestContext(caller, chestId));
}

/** Whether the caller may write secrets in the chest. */
export function mayWriteChest(caller: CallerAccess, chestId: string): boolean {
  return canWriteChest(chestContext(caller, chestId));
}

/** The chest if the caller may see it; 404 otherwise (also for a missing or foreign one). */
export function requireVisibleChest<T extends { id: string }>(caller: CallerAccess, chest: T | null): T {
  if (!chest || !canSeeChest(chestContext(caller, chest.id))) throw notFound();
  return chest;
}

/** The chest if the caller may write secrets in it; 404 when they cannot see it, 403 when read-only. */
export function requireWritableChest<T extends { id: string }>(caller: CallerAccess, chest: T | null): T {
  const visible = requireVisibleChest(caller, chest);
  if (!mayWriteChest(caller, visible.id)) throw noPermission();
  return visible;
}
