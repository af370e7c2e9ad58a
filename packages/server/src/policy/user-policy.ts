import {
  canRemoveUser,
  canToggleAdministrator,
  canToggleLock,
  canUseOwnerActions,
  canViewStatistics,
  isOwner,
} from '@coffer/core';
import { AppError } from '../errors/app-error.js';
import { noPermission, notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';
import { ownerOf, requireAdministrator } from './organisation-policy.js';

// The admin area's users (spec sections 4 and 6), on core's user rules. Users are administrators'
// business: anyone else gets 403 before any lookup, so a member learns nothing about who exists;
// an id of another organisation is not found, like a missing one.

/** The administrator toggle on oneself or the owner (spec section 6). */
export const ADMINISTRATOR_TOGGLE_MESSAGE =
  "Administrator status cannot be changed on your own account or the owner's.";
/** The data administrator flag is the owner's to give (architecture.md). */
export const DATA_ADMINISTRATOR_MESSAGE = 'Only the owner can change who is a data administrator.';
/** Removing oneself or the owner (spec section 2: Remove is omitted for those rows). */
export const REMOVE_USER_MESSAGE = "You cannot remove your own account or the owner's.";
/** The Block toggle is disabled for users with Admin permission (spec section 4). */
export const LOCK_ADMINISTRATOR_MESSAGE = 'Administrators cannot be locked.';
/** A locked user is unlocked before being made an administrator (administrators cannot be locked). */
export const PROMOTE_LOCKED_MESSAGE = 'Unlock this user before making them an administrator.';
/** An administrator's reset of their own password, or of the owner's. */
export const RESET_PASSWORD_MESSAGE =
  "You cannot reset your own password or the owner's here. Change your own in Account Settings.";

/** Administrators only (403 first), then the user of the caller's organisation (404 otherwise). */
export function requireManagedUser<T extends { id: string }>(caller: CallerAccess, user: T | null): T {
  requireAdministrator(caller);
  if (!user) throw notFound();
  return user;
}

/** Changing the administrator flag: never on oneself or on the owner. */
export function requireAdministratorToggle(caller: CallerAccess, target: { id: string }): void {
  if (!canToggleAdministrator(caller.actor, target, ownerOf(caller))) {
    throw AppError.forbidden(ADMINISTRATOR_TOGGLE_MESSAGE);
  }
}

/** Changing the data administrator flag: the owner only. */
export function requireDataAdministratorGrant(caller: CallerAccess): void {
  if (!canUseOwnerActions(caller.actor, ownerOf(caller)))
    throw AppError.forbidden(DATA_ADMINISTRATOR_MESSAGE);
}

/**
 * The statistics calls: data administrators only (the flag, whoever holds it; administrators and the
 * owner without it are refused like any other caller), 403 before anything is read.
 */
export function requireStatisticsViewer(caller: CallerAccess): void {
  if (!canViewStatistics(caller.user)) throw noPermission();
}

/** Locking: never an administrator (which covers oneself and the owner). */
export function requireLockable(caller: CallerAccess, target: { id: string; administrator: boolean }): void {
  if (!canToggleLock(caller.actor, target)) throw AppError.validation(LOCK_ADMINISTRATOR_MESSAGE);
}

/** Removing: never one's own row or the owner's. */
export function requireRemovable(caller: CallerAccess, target: { id: string }): void {
  if (!canRemoveUser(caller.actor, target, ownerOf(caller))) throw AppError.forbidden(REMOVE_USER_MESSAGE);
}

/**
 * An administrator's reset: never their own (they would lose their keys; Account Settings changes
 * it) nor the owner's (the administrator would know the owner's password and hold the owner actions).
 */
export function requireResettable(caller: CallerAccess, target: { id: string }): void {
  if (target.id === caller.actor.id || isOwner(target, ownerOf(caller))) {
    throw AppError.forbidden(RESET_PASSWORD_MESSAGE);
  }
}
