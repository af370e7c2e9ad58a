import { canTransferOwnership, canUseOwnerActions } from '@coffer/core';
import { AppError } from '../errors/app-error.js';
import { noPermission } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';

// The organisation's roles: administrators (most of the admin area) and the owner (the owner actions).

/** Transfer to someone who is not another administrator of the organisation (spec section 5). */
export const TRANSFER_TARGET_MESSAGE = 'Ownership can only be transferred to another administrator.';

/** The organisation's owner reference, as core's rules take it. */
export function ownerOf(caller: Pick<CallerAccess, 'organisation'>): { owner_id: string } {
  return { owner_id: caller.organisation.owner_id ?? '' };
}

/**
 * Administrators only (chest and team changes, managers, resharing and purging keys, users,
 * invitations, the audit log, the organisation's auto logout, billing); 403 otherwise.
 */
export function requireAdministrator(caller: CallerAccess): void {
  if (!caller.actor.administrator) throw noPermission();
}

/** The owner actions (renaming, transferring or deleting the organisation): the owner only; 403 otherwise. */
export function requireOwner(caller: CallerAccess): void {
  if (!canUseOwnerActions(caller.actor, ownerOf(caller))) throw noPermission();
}

/** Ownership goes only to another administrator of the organisation; 400 otherwise. */
export function requireTransferTarget(
  caller: CallerAccess,
  target: { id: string; administrator: boolean },
): void {
  if (!canTransferOwnership(caller.actor, target, ownerOf(caller))) {
    throw AppError.validation(TRANSFER_TARGET_MESSAGE);
  }
}
