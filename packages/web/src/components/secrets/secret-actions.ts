import type { Chest } from '@coffer/core';
import { useMemo } from 'react';
import { ApiError } from '../../api/api-error.js';
import { deleteSecretPermanently } from '../../api/secrets-api.js';
import { useSecretListsMutation } from '../../api/secrets-mutations.js';
import { changeSecretLifecycle } from '../../crypto-client/mark-secret.js';
import { moveEncryptedSecret } from '../../crypto-client/move-secret.js';
import { toSecretAccessError } from '../../crypto-client/to-secret-access-error.js';
import { notify } from '../../lib/notification-store.js';
import { useSession } from '../../session/use-session.js';
import { openSelectChest } from '../chests/select-chest-modal.js';
import { confirmPeople } from '../key-trust/confirm-people-modal.js';
import { openConfirm } from '../modals/confirm-modal.js';

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

/** The message of a failed secret action: the server's text, or the crypto client's. */
export function secretActionFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? SECRET_ACTION_TEXT.failed;
  return toSecretAccessError(error).message;
}

/** The secret actions of the row menus and the viewer; each answers whether it was done. */
export interface SecretActions {
  /** Asks (Confirm modal), then marks the secret for deletion. */
  remove: (secret: SecretRef) => Promise<boolean>;
  /** Takes a removed secret back out of Deleted Secrets. */
  restore: (secret: SecretRef) => Promise<boolean>;
  /** Delete Permanently (the owner only): asks, then deletes for good. */
  deleteForever: (secret: SecretRef) => Promise<boolean>;
  /**
   * Move to another Chest: the Select modal lists the other chests of `writable`; the key is
   * rewrapped for the chosen chest's readers in this browser.
   */
  move: (secret: SecretRef, writable: readonly Chest[]) => Promise<boolean>;
}

/** The lifecycle changes of spec section 4: mark for deletion, restore, delete for good (owner). */
type SecretLifecycleChange = 'remove' | 'restore' | 'deleteForever';

const SUCCESS: Record<SecretLifecycleChange, (name: string) => string> = {
  remove: SECRET_ACTION_TEXT.removed,
  restore: SECRET_ACTION_TEXT.restored,
  deleteForever: SECRET_ACTION_TEXT.deleted,
};

/** The secret actions as mutations with their confirmations and notifications (spec sections 2 and 4). */
export function useSecretActions(): SecretActions {
  const { profile } = useSession();
  const userId = profile?.id ?? '';
  // Marks and restores are signed revisions once the organisation has a trust log (mark-secret.ts).
  const remove = useSecretListsMutation((secret: SecretRef) =>
    changeSecretLifecycle(secret.id, userId, true, { confirm: confirmPeople }),
  ).mutateAsync;
  const restore = useSecretListsMutation((secret: SecretRef) =>
    changeSecretLifecycle(secret.id, userId, false, { confirm: confirmPeople }),
  ).mutateAsync;
  const deleteForever = useSecretListsMutation((secret: SecretRef) =>
    deleteSecretPermanently(secret.id),
  ).mutateAsync;
  const move = useSecretListsMutation(({ secret, target }: { secret: SecretRef; target: Chest }) =>
    moveEncryptedSecret(secret.id, target.id, userId, { confirm: confirmPeople }),
  ).mutateAsync;

  return useMemo(() => {
    const run = async (
      change: SecretLifecycleChange,
      mutate: typeof remove,
      secret: SecretRef,
    ): Promise<boolean> => {
      try {
        await mutate(secret);
      } catch (error) {
        notify({ type: 'error', message: secretActionFailure(error) });
        return false;
      }
      notify({ type: 'success', message: SUCCESS[change](secret.name) });
      return true;
    };
    return {
      remove: async (secret) => {
        const confirmed = await openConfirm({
          title: SECRET_ACTION_TEXT.removeTitle(secret.name),
          subtext: SECRET_ACTION_TEXT.removeSubtext,
          confirmLabel: 'Remove',
          danger: true,
        });
        return confirmed && run('remove', remove, secret);
      },
      restore: (secret) => run('restore', restore, secret),
      deleteForever: async (secret) => {
        const confirmed = await openConfirm({
          title: SECRET_ACTION_TEXT.deleteTitle(secret.name),
          subtext: SECRET_ACTION_TEXT.deleteSubtext,
          confirmLabel: 'Delete Permanently',
          danger: true,
        });
        return confirmed && run('deleteForever', deleteForever, secret);
      },
      move: async (secret, writable) => {
        const chests = writable.filter((chest) => chest.id !== secret.vaultId);
        const chosen = await openSelectChest({
          title: SECRET_ACTION_TEXT.moveTitle,
          subtext: SECRET_ACTION_TEXT.moveSubtext(secret.name),
          chests,
        });
        const target = chests.find((chest) => chest.id === chosen);
        if (!target) return false;
        try {
          await move({ secret, target });
        } catch (error) {
          notify({ type: 'error', message: secretActionFailure(error) });
          return false;
        }
        notify({ type: 'success', message: SECRET_ACTION_TEXT.moved(secret.name, target.name) });
        return true;
      },
    };
  }, [remove, restore, deleteForever, move]);
}
