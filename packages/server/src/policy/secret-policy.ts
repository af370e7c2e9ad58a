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

/** Whether lists and chest counts include hidden secrets: administrators only, as canSeeSecret rules. */
export function seesHiddenSecrets(caller: CallerAccess): boolean {
  return caller.actor.administrator;
}

/** Core's access context of the caller for one secret. */
export function secretContext(caller: CallerAccess, secret: SecretRef): SecretAccessContext {
  return { ...chestContext(caller, secret.vault_id), hidden: secret.hidden };
}

/** Whether the caller may see the secret (hidden ones: administrators only), the rule of requireVisibleSecret. */
export function maySeeSecret(caller: CallerAccess, secret: SecretRef): boolean {
  return canSeeSecret(secretContext(caller, secret));
}

/** The secret if the caller may see it (hidden ones: administrators only); 404 otherwise. */
export function requireVisibleSecret<T extends SecretRef>(caller: CallerAccess, secret: T | null): T {
  if (!secret || !canSeeSecret(secretContext(caller, secret))) throw notFound();
  return secret;
}

/** The secret if the caller may edit, mark or restore it; 404 when unseen, 403 when read-only. */
export function requireWritableSecret<T extends SecretRef>(caller: CallerAccess, secret: T | null): T {
  const visible = requireVisibleSecret(caller, secret);
  if (!canWriteSecret(secretContext(caller, visible))) throw noPermission();
  return visible;
}

/** Moving needs write access where the secret is and where it goes; an unseen target is 404. */
export function requireMovableSecret<T extends SecretRef, C extends { id: string }>(
  caller: CallerAccess,
  secret: T | null,
  target: C | null,
): { secret: T; target: C } {
  const writable = requireWritableSecret(caller, secret);
  const visibleTarget = requireVisibleChest(caller, target);
  if (!canMoveSecret(secretContext(caller, writable), visibleTarget.id)) throw noPermission();
  return { secret: writable, target: visibleTarget };
}

/** Permanent deletion: the organisation owner only; others who see the secret get 403. */
export function requirePermanentDelete<T extends SecretRef>(caller: CallerAccess, secret: T | null): T {
  const visible = requireVisibleSecret(caller, secret);
  const ownerId = caller.organisation.owner_id;
  if (!ownerId || !canDeletePermanently(caller.actor, { owner_id: ownerId })) throw noPermission();
  return visible;
}

/** Refuses a non-administrator who would set or clear the hidden flag. */
export function requireHiddenChangeAllowed(caller: CallerAccess, from: boolean, to: boolean): void {
  if (from !== to && !caller.actor.administrator) throw AppError.forbidden(HIDE_SECRET_MESSAGE);
}
