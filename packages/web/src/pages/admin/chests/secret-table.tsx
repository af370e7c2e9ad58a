import type { SecretSortKey } from '@coffer/core';
import { CHEST_NAME_VIEW_MAX, formatDateEnGb } from '@coffer/core';
import type { SecretRow } from '../../../api/secrets-api.js';
import type { AdminContext } from '../../../components/admin-table/admin-row-state.js';
import { useOpenAdminRow } from '../../../components/admin-table/admin-row-state.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import { BubbleCell } from '../../../components/admin-table/bubble-cell.js';
import { truncateName } from '../../../components/chests/truncate-name.js';
import { useWritableChests } from '../../../components/chests/use-writable-chests.js';
import type { RowMenuItem } from '../../../components/lists/row-menu.js';
import { useSecretActions } from '../../../components/secrets/secret-actions.js';
import { CATEGORY_LABELS } from '../../../components/secrets/secret-labels.js';
import { SignedSecretName } from '../../../components/secrets/signed-secret-name.js';
import { STRENGTH_LABELS } from '../../../components/strength/strength-labels.js';
import { paths } from '../../../navigation/paths.js';

/** The chest of a secret row, as a row to open. */
function chestOf(secret: SecretRow) {
  return { id: secret.vault_id, name: secret.vault?.name ?? secret.vault_name ?? '' };
}

/** The chest column: one bubble that opens the chest's secrets. */
export function chestColumn(width: number): AdminColumn<SecretRow, 'vault_name'> {
  return {
    id: 'chest',
    label: 'Chest',
    width,
    sortKey: 'vault_name',
    interactive: true,
    cell: (secret) => <ChestBubble secret={secret} />,
  };
}

function ChestBubble({ secret }: { secret: SecretRow }) {
  const openRow = useOpenAdminRow();
  const chest = chestOf(secret);
  return (
    <BubbleCell
      noun={['chest', 'chests']}
      bubbles={
        chest.name
          ? [
              {
                id: chest.id,
                label: truncateName(chest.name, CHEST_NAME_VIEW_MAX),
                onOpen: () => openRow(paths.adminChestsShow, chest, 'chests'),
              },
            ]
          : []
      }
    />
  );
}

/** The secret a row action works on. */
export function secretRef(secret: SecretRow) {
  return { id: secret.id, name: secret.name, vaultId: secret.vault_id };
}

/**
 * The Secrets table as configuration (spec section 2: widths 25/10/20/25/15/5): name, strength,
 * type, chest (a bubble), updated date, and the row menu Move to another Chest, Edit Secret, Remove.
 * A row opens the secret; the 'popular' marker goes to the secret shared with the most teams.
 */
export function useSecretTable(context: AdminContext) {
  const openRow = useOpenAdminRow();
  const actions = useSecretActions();
  const writable = useWritableChests();

  const columns: AdminColumn<SecretRow, SecretSortKey>[] = [
    {
      id: 'name',
      label: 'Name',
      width: 25,
      sortKey: 'name',
      cell: (secret) => <SignedSecretName item={secret} />,
    },
    {
      id: 'strength',
      label: 'Strength',
      width: 10,
      sortKey: 'strength',
      optional: true,
      cell: (secret) => (secret.strength ? (STRENGTH_LABELS[secret.strength - 1] ?? '—') : '—'),
    },
    {
      id: 'category',
      label: 'Type',
      width: 20,
      sortKey: 'category',
      cell: (secret) => CATEGORY_LABELS[secret.category],
    },
    chestColumn(25),
    {
      id: 'updated',
      label: 'Updated',
      width: 15,
      sortKey: 'updated_at',
      optional: true,
      cell: (secret) => formatDateEnGb(secret.updated_at),
    },
  ];

  const menuFor = (secret: SecretRow): RowMenuItem[] => {
    const items: RowMenuItem[] = [];
    if (writable.chests.some((chest) => chest.id !== secret.vault_id)) {
      items.push({
        label: 'Move to another Chest',
        onSelect: () => void actions.move(secretRef(secret), writable.chests),
      });
    }
    items.push({
      label: 'Edit Secret',
      onSelect: () => openRow(paths.adminChestsSecretEdit, secret, context),
    });
    items.push({ label: 'Remove', danger: true, onSelect: () => void actions.remove(secretRef(secret)) });
    return items;
  };

  return {
    columns,
    menuFor,
    rowKey: (secret: SecretRow) => secret.id,
    rowName: (secret: SecretRow) => secret.name,
    onOpen: (secret: SecretRow) => openRow(paths.adminChestsSecret, secret, context),
    popularity: (secret: SecretRow) => secret.teams?.length ?? 0,
  };
}
