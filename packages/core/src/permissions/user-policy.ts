// Roles over users and the organisation (spec section 6).
import type { Actor, OwnerRef } from './access-context.js';

/** The account owner: the user whose id is the organisation's owner_id. */
export function isOwner(user: { id: string }, organisation: OwnerRef): boolean {
  return user.id === organisation.owner_id;
}

/** Owner Actions (rename, export all, transfer, delete organisation): the owner, who is an administrator. */
export function canUseOwnerActions(actor: Actor, organisation: OwnerRef): boolean {
  return actor.administrator && isOwner(actor, organisation);
}

/** 'Delete Permanently' of a marked secret: the owner only; others may Restore. */
export function canDeletePermanently(actor: Actor, organisation: OwnerRef): boolean {
  return canUseOwnerActions(actor, organisation);
}

/** The administrator toggle: by an administrator, never on oneself or the owner. */
export function canToggleAdministrator(
  actor: Actor,
  target: { id: string },
  organisation: OwnerRef,
): boolean {
  return actor.administrator && target.id !== actor.id && !isOwner(target, organisation);
}

/** The Block toggle: by an administrator, disabled for users with Admin permission. */
export function canToggleLock(actor: Actor, target: Actor): boolean {
  return actor.administrator && !target.administrator && target.id !== actor.id;
}

/** Removing a user: by an administrator, never one's own row or the owner's. */
export function canRemoveUser(actor: Actor, target: { id: string }, organisation: OwnerRef): boolean {
  return actor.administrator && target.id !== actor.id && !isOwner(target, organisation);
}

/** Ownership may go only from the owner to another user flagged administrator. */
export function canTransferOwnership(actor: Actor, target: Actor, organisation: OwnerRef): boolean {
  return canUseOwnerActions(actor, organisation) && target.administrator && target.id !== actor.id;
}

/** The statistics dashboard is for data administrators only. */
export function canViewStatistics(user: { data_administrator: boolean }): boolean {
  return user.data_administrator;
}

/** Locked users cannot use the product. */
export function canSignIn(user: { locked: boolean }): boolean {
  return !user.locked;
}
