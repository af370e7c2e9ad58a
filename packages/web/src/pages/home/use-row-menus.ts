import type { Chest } from '@coffer/core';
import type { SecretRow } from '../../api/secrets-api.js';
import { useOpenAdminRow } from '../../components/admin-table/admin-row-state.js';
import { useChestActions } from '../../components/chests/chest-actions.js';
import type { WritableChests } from '../../components/chests/use-writable-chests.js';
import type { RowMenuItem } from '../../components/lists/row-menu.js';
import { useSecretActions } from '../../components/secrets/secret-actions.js';
import { paths } from '../../navigation/paths.js';
import { useOwnership } from '../../session/ownership.js';
import { useSession } from '../../session/use-session.js';
import type { DashboardState } from './use-dashboard-state.js';

/** The chest a secret row sits in. */
export function rowChestId(row: SecretRow): string {
  return row.vault_id || row.vault?.id || '';
}

/**
 * The row menus of the dashboard (spec section 2), per permission: a secret offers Move to another
 * Chest, Edit Secret and Remove to those who may write its chest; a removed one offers Restore, and
 * Delete Permanently to the owner; a chest offers Add Secret to those who may write it, and Edit
 * Chest and Remove Chest to administrators.
 */
export function useRowMenus(state: DashboardState, writable: WritableChests) {
  const { isAdministrator } = useSession();
  const { isOwner } = useOwnership();
  const secrets = useSecretActions();
  const chests = useChestActions();
  const openAdminRow = useOpenAdminRow();
  const canWrite = (chestId: string) => isAdministrator || writable.ids.has(chestId);

  const closeIfShown = (id: string) => {
    if (state.panel.kind !== 'none' && 'id' in state.panel && state.panel.id === id) state.closePanel();
  };

  const secretMenu = (row: SecretRow, removed: boolean): RowMenuItem[] => {
    const ref = { id: row.id, name: row.name, vaultId: rowChestId(row) };
    if (!canWrite(ref.vaultId)) return [];
    if (removed) {
      const items: RowMenuItem[] = [{ label: 'Restore', onSelect: () => void secrets.restore(ref) }];
      if (isOwner) {
        items.push({
          label: 'Delete Permanently',
          danger: true,
          onSelect: () => void secrets.deleteForever(ref).then((done) => done && closeIfShown(row.id)),
        });
      }
      return items;
    }
    const items: RowMenuItem[] = [];
    if (writable.chests.some((chest) => chest.id !== ref.vaultId)) {
      items.push({
        label: 'Move to another Chest',
        onSelect: () => void secrets.move(ref, writable.chests),
      });
    }
    items.push({ label: 'Edit Secret', onSelect: () => state.editSecret(row.id) });
    items.push({
      label: 'Remove',
      danger: true,
      onSelect: () => void secrets.remove(ref).then((done) => done && closeIfShown(row.id)),
    });
    return items;
  };

  const chestMenu = (chest: Chest): RowMenuItem[] => {
    const items: RowMenuItem[] = canWrite(chest.id)
      ? [{ label: 'Add Secret', onSelect: () => state.newSecret(chest.id) }]
      : [];
    if (!isAdministrator) return items;
    items.push({
      label: 'Edit Chest',
      onSelect: () => openAdminRow(paths.adminChestsEdit, chest, 'chests'),
    });
    items.push({
      label: 'Remove Chest',
      danger: true,
      onSelect: () =>
        void chests.remove(chest).then((done) => {
          if (done && state.chestId === chest.id) state.leaveChest();
        }),
    });
    return items;
  };

  return { secretMenu, chestMenu, canWrite };
}
