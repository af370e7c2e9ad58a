import { type AccessContext, canSeeChest, canWriteChest, isChestManager } from '@coffer/core';
import { noPermission, notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';

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
  // loadCallerAccess loads only the assignments of the caller's own teams, each of which lets them
  // see its chest (canSeeChest), so no per-chest check is needed here.
  const chestIds = [...access.managers, ...access.assignments].map((row) => row.vault_id);
  return [...new Set(chestIds)];
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

/**
 * Administrators only (chest and team changes, managers, resharing and purging keys, adding and
 * inviting users); 403 otherwise. Takes the caller's access, or the signed-in user where no access was loaded.
 */
export function requireAdministrator(caller: CallerAccess | { user: { administrator: boolean } }): void {
  const administrator = 'actor' in caller ? caller.actor.administrator : caller.user.administrator;
  if (!administrator) throw noPermission();
}
