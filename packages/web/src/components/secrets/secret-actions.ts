import type { Chest } from '@coffer/core';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error.js';
import {
  deleteSecretPermanently,
  markSecretForDeletion,
  unmarkSecretForDeletion,
} from '../../api/secrets-api.js';
import { invalidateSecretLists } from '../../api/secrets-queries.js';
import { moveEncryptedSecret } from '../../crypto-client/move-secret.js';
import { toSecretAccessError } from '../../crypto-client/to-secret-access-error.js';
import { openSelectChest } from '../chests/select-chest-modal.js';
import { openConfirm } from '../modals/confirm-modal.js';
import { notify } from '../notifications/notification-store.js';

/** The secret an action works on. */
export interface SecretRef {
  id: string;
  name: string;
  vaultId: string;
}

/** Texts of the secret actions. */
export const SECRET_ACTION_TEXT = {
  moveTitle: 'Move to another Chest',
  moveSubtext: (name: string) => `Choose the chest to move ${name} to.`,
  moved: (name: string, chest: string) => `${name} moved to ${chest}.`,
  removeTitle: (name: string) => `Remove ${name}?`,
  removeSubtext: 'It moves to Deleted Secrets, where it can be restored.',
  removed: (name: string) => `${name} removed.`,
  restored: (name: string) => `${name} restored.`,
  deleteTitle: (name: string) => `Delete ${name} permanently?`,
  deleteSubtext: 'This cannot be undone.',
  deleted: (name: string) => `${name} deleted permanently.`,
  failed: 'The action failed. Please try again.',
} as const;

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? SECRET_ACTION_TEXT.failed;
  return toSecretAccessError(error).message;
}

async function act(queryClient: QueryClient, run: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await run();
  } catch (error) {
    notify({ type: 'error', message: failureText(error) });
    return false;
  }
  notify({ type: 'success', message: success });
  await invalidateSecretLists(queryClient);
  return true;
}

/** Remove: asks (Confirm modal), then marks the secret for deletion. Answers whether it was removed. */
export async function removeSecret(secret: SecretRef, queryClient: QueryClient): Promise<boolean> {
  const confirmed = await openConfirm({
    title: SECRET_ACTION_TEXT.removeTitle(secret.name),
    subtext: SECRET_ACTION_TEXT.removeSubtext,
    confirmLabel: 'Remove',
    danger: true,
  });
  if (!confirmed) return false;
  return act(queryClient, () => markSecretForDeletion(secret.id), SECRET_ACTION_TEXT.removed(secret.name));
}

/** Restore: takes a removed secret back out of Deleted Secrets. */
export function restoreSecret(secret: SecretRef, queryClient: QueryClient): Promise<boolean> {
  return act(queryClient, () => unmarkSecretForDeletion(secret.id), SECRET_ACTION_TEXT.restored(secret.name));
}

/** Delete Permanently (the owner only): asks, then deletes for good. */
export async function deleteSecretForever(secret: SecretRef, queryClient: QueryClient): Promise<boolean> {
  const confirmed = await openConfirm({
    title: SECRET_ACTION_TEXT.deleteTitle(secret.name),
    subtext: SECRET_ACTION_TEXT.deleteSubtext,
    confirmLabel: 'Delete Permanently',
    danger: true,
  });
  if (!confirmed) return false;
  return act(queryClient, () => deleteSecretPermanently(secret.id), SECRET_ACTION_TEXT.deleted(secret.name));
}

/**
 * Move to another Chest: the Select modal lists the other chests the user may write to; the key is
 * rewrapped for the chosen chest's readers in this browser.
 */
export async function moveSecretToChest(
  secret: SecretRef,
  writable: readonly Chest[],
  userId: string,
  queryClient: QueryClient,
): Promise<boolean> {
  const chests = writable.filter((chest) => chest.id !== secret.vaultId);
  const chosen = await openSelectChest({
    title: SECRET_ACTION_TEXT.moveTitle,
    subtext: SECRET_ACTION_TEXT.moveSubtext(secret.name),
    chests,
  });
  const target = chests.find((chest) => chest.id === chosen);
  if (!target) return false;
  return act(
    queryClient,
    () => moveEncryptedSecret(secret.id, target.id, userId),
    SECRET_ACTION_TEXT.moved(secret.name, target.name),
  );
}
