import { canWriteSecret } from '@coffer/core';
import { noPermission, notFound } from '../errors/policy-errors.js';
import type { CallerAccess } from './caller-access.js';
import {
  requireVisibleSecret,
  requireWritableSecret,
  type SecretRef,
  secretContext,
} from './secret-policy.js';

/** What the policy reads of an attachment. */
export interface AttachmentRef {
  created_by: string;
  complete: boolean;
}

/**
 * Sending a chunk or completing an upload: only its uploader, only while they may still edit the
 * secret (the rule of saving a revision); 404 when the secret is unseen, 403 otherwise.
 */
export function requireUploader<S extends SecretRef>(
  caller: CallerAccess,
  secret: S | null,
  attachment: AttachmentRef,
): S {
  const writable = requireWritableSecret(caller, secret);
  if (attachment.created_by !== caller.user.id) throw noPermission();
  return writable;
}

/**
 * Removing a file: whoever may edit the secret, or the uploader of a pending one (a failed upload
 * cleans up after itself even if access changed meanwhile); 404 when the secret is unseen.
 */
export function requireRemovableAttachment<S extends SecretRef>(
  caller: CallerAccess,
  secret: S | null,
  attachment: AttachmentRef,
): S {
  const visible = requireVisibleSecret(caller, secret);
  if (canWriteSecret(secretContext(caller, visible))) return visible;
  if (!attachment.complete && attachment.created_by === caller.user.id) return visible;
  throw noPermission();
}

/**
 * Downloading: exactly who may open the secret (GET /api/v1/secrets/:id): it is visible to the
 * caller and they hold a wrapped key of it; a pending upload is not a file yet. 404 otherwise, so a
 * caller learns nothing of files they cannot read.
 */
export function requireDownloadable<S extends SecretRef>(
  caller: CallerAccess,
  secret: S | null,
  attachment: AttachmentRef,
  holdsKey: boolean,
): S {
  const visible = requireVisibleSecret(caller, secret);
  if (!holdsKey || !attachment.complete) throw notFound();
  return visible;
}
