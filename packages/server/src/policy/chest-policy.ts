import { type AccessContext, canSeeChest, canWriteChest, isChestManager } from '@coffer/core';
import type { CallerAccess } from './caller-access.js';
import { noPermission, notFound } from './policy-errors.js';

/** Core's access context of the caller for one chest. */
export function chestContext(access: CallerAccess, chestId: string): AccessContext {
  return {
    user: access.actor,
    chestId,
    memberships: access.memberships,
    assignments: access.assignments,
    managers: access.managers,
  };
}

/**
 * The chests the caller reaches through teams or by managing them (administrators reach every
 * chest, but "their" chests are these; they ask for the rest with `everything`).
 */
export function ownChestIds(access: CallerAccess): string[] {
  const ids = new Set<string>(access.managers.map((manager) => manager.vault_id));
  for (const assignment of access.assignments) {
    if (canSeeChest(chestContext(access, assignment.vault_id))) ids.add(assignment.vault_id);
  }
  return [...ids];
}

/** Chests a list may show: every chest (null) for an administrator asking for everything, else their own. */
export function listableChestIds(access: CallerAccess, everything: boolean): string[] | null {
  if (everything && access.actor.administrator) return null;
  return ownChestIds(access);
}

/** Whether the caller manages the chest (shown as `manager` on chests and secrets). */
export function managesChest(access: CallerAccess, chestId: string): boolean {
  return isChestManager(chestContext(access, chestId));
}

/** Whether the caller may write secrets in the chest. */
export function mayWriteChest(access: CallerAccess, chestId: string): boolean {
  return canWriteChest(chestContext(access, chestId));
}

/** The chest if the caller may see it; 404 otherwise (also for a missing or foreign one). */
export function requireVisibleChest<T extends { id: string }>(access: CallerAccess, chest: T | null): T {
  if (!chest || !canSeeChest(chestContext(access, chest.id))) throw notFound();
  return chest;
}

/** The chest if the caller may write secrets in it; 404 when they cannot see it, 403 when read-only. */
export function requireWritableChest<T extends { id: string }>(access: CallerAccess, chest: T | null): T {
  const visible = requireVisibleChest(access, chest);
  if (!mayWriteChest(access, visible.id)) throw noPermission();
  return visible;
}

/** Administrators only (chest and team changes, managers, purging keys); 403 otherwise. */
export function requireAdministrator(access: CallerAccess): void {
  if (!access.actor.administrator) throw noPermission();
}
