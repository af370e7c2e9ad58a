import type { Chest } from '@coffer/core';
import { canDeletePermanently } from '@coffer/core';
import { useQueryClient } from '@tanstack/react-query';
import type { SecretRow } from '../../api/secrets-api.js';
import { useSession } from '../../session/use-session.js';
import type { WritableChests } from '../chests/use-writable-chests.js';
import {
  deleteSecretForever,
  moveSecretToChest,
  removeSecret,
  restoreSecret,
} from '../secrets/secret-actions.js';
import type { RowMenuItem } from './row-menu.js';
import type { DashboardState } from './use-dashboard-state.js';

/** The chest a secret row sits in. */
export function rowChestId(row: SecretRow): string {
  return row.vault_id || row.vault?.id || '';
}

/**
 * The row menus of the dashboard (spec section 2), per permission: a secret offers Move to another
 * Chest, Edit Secret and Remove to those who may write its chest; a removed one offers Restore, and
 * Delete Permanently to the owner; a chest offers Add Secret to those who may write it.
 */
export function useRowMenus(state: DashboardState, writable: WritableChests) {
  const queryClient = useQueryClient();
  const { profile, isAdministrator } = useSession();
  const userId = profile?.id ?? '';
  const canWrite = (chestId: string) => isAdministrator || writable.ids.has(chestId);

  const closeIfShown = (id: string) => {
    if (state.panel.kind !== 'none' && 'id' in state.panel && state.panel.id === id) state.closePanel();
  };

  const secretMenu = (row: SecretRow, removed: boolean): RowMenuItem[] => {
    const ref = { id: row.id, name: row.name, vaultId: rowChestId(row) };
    if (!canWrite(ref.vaultId)) return [];
    if (removed) {
      const items: RowMenuItem[] = [
        { label: 'Restore', onSelect: () => void restoreSecret(ref, queryClient) },
      ];
      if (profile && canDeletePermanently(profile, profile)) {
        items.push({
          label: 'Delete Permanently',
          danger: true,
          onSelect: () =>
            void deleteSecretForever(ref, queryClient).then((done) => done && closeIfShown(row.id)),
        });
      }
      return items;
    }
    const items: RowMenuItem[] = [];
    if (writable.chests.some((chest) => chest.id !== ref.vaultId)) {
      items.push({
        label: 'Move to another Chest',
        onSelect: () => void moveSecretToChest(ref, writable.chests, userId, queryClient),
      });
    }
    items.push({ label: 'Edit Secret', onSelect: () => state.editSecret(row.id) });
    items.push({
      label: 'Remove',
      danger: true,
      onSelect: () => void removeSecret(ref, queryClient).then((done) => done && closeIfShown(row.id)),
    });
    return items;
  };

  const chestMenu = (chest: Chest): RowMenuItem[] =>
    canWrite(chest.id) ? [{ label: 'Add Secret', onSelect: () => state.newSecret(chest.id) }] : [];

  return { secretMenu, chestMenu, canWrite };
}
