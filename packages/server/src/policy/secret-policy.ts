import {
  canDeletePermanently,
  canMoveSecret,
  canSeeSecret,
  canWriteSecret,
  type SecretAccessContext,
} from '@coffer/core';
import { AppError } from '../errors/app-error.js';
import { noPermission, notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';
import { chestContext, requireVisibleChest } from './chest-policy.js';

/** Only administrators may set "Don't show this secret to users". */
export const HIDE_SECRET_MESSAGE = 'Only administrators can hide a secret from users.';

/** What the policy reads of a secret. */
export interface SecretRef {
  id: string;
  vault_id: string;
  hidden: boolean;
}

/** Core's access context of the caller for one secret. */
export function secretContext(access: CallerAccess, secret: SecretRef): SecretAccessContext {
  return { ...chestContext(access, secret.vault_id), hidden: secret.hidden };
}

/** The secret if the caller may see it (hidden ones: administrators only); 404 otherwise. */
export function requireVisibleSecret<T extends SecretRef>(access: CallerAccess, secret: T | null): T {
  if (!secret || !canSeeSecret(secretContext(access, secret))) throw notFound();
  return secret;
}

/** The secret if the caller may edit, mark or restore it; 404 when unseen, 403 when read-only. */
export function requireWritableSecret<T extends SecretRef>(access: CallerAccess, secret: T | null): T {
  const visible = requireVisibleSecret(access, secret);
  if (!canWriteSecret(secretContext(access, visible))) throw noPermission();
  return visible;
}

/** Moving needs write access where the secret is and where it goes; an unseen target is 404. */
export function requireMovableSecret<T extends SecretRef, C extends { id: string }>(
  access: CallerAccess,
  secret: T | null,
  target: C | null,
): { secret: T; target: C } {
  const writable = requireWritableSecret(access, secret);
  const visibleTarget = requireVisibleChest(access, target);
  if (!canMoveSecret(secretContext(access, writable), visibleTarget.id)) throw noPermission();
  return { secret: writable, target: visibleTarget };
}

/** Permanent deletion: the organisation owner only; others who see the secret get 403. */
export function requirePermanentDelete<T extends SecretRef>(access: CallerAccess, secret: T | null): T {
  const visible = requireVisibleSecret(access, secret);
  const ownerId = access.organisation.owner_id;
  if (!ownerId || !canDeletePermanently(access.actor, { owner_id: ownerId })) throw noPermission();
  return visible;
}

/** Refuses a non-administrator who would set or clear the hidden flag. */
export function requireHiddenChangeAllowed(access: CallerAccess, from: boolean, to: boolean): void {
  if (from !== to && !access.actor.administrator) throw AppError.forbidden(HIDE_SECRET_MESSAGE);
}
