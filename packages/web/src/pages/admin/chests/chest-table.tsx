import type { Chest, ChestSortKey } from '@coffer/core';
import { CHEST_NAME_VIEW_MAX, formatDateEnGb } from '@coffer/core';
import { useOpenAdminRow } from '../../../components/admin-table/admin-row-state.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import { BubbleCell } from '../../../components/admin-table/bubble-cell.js';
import { useChestActions } from '../../../components/chests/chest-actions.js';
import { truncateName } from '../../../components/chests/truncate-name.js';
import type { RowMenuItem } from '../../../components/lists/row-menu.js';
import { paths } from '../../../navigation/paths.js';

/**
 * The Chests table as configuration (spec section 2: widths 25/15/30/12.5/12.5/5): name, secret
 * count, teams (bubbles that open the team, with a cross that unlinks it), created and updated
 * dates, and the row menu Add Secret, Edit Chest, Remove Chest. A row opens the chest's secrets.
 */
export function useChestTable() {
  const openRow = useOpenAdminRow();
  const actions = useChestActions();

  const columns: AdminColumn<Chest, ChestSortKey>[] = [
    {
      id: 'name',
      label: 'Name',
      width: 25,
      sortKey: 'name',
      cell: (chest) => truncateName(chest.name, CHEST_NAME_VIEW_MAX),
    },
    {
      id: 'secrets',
      label: 'Secrets',
      width: 15,
      sortKey: 'secret_count',
      cell: (chest) => chest.secret_count,
    },
    {
      id: 'teams',
      label: 'Teams',
      width: 30,
      sortKey: 'team_count',
      interactive: true,
      cell: (chest) => (
        <BubbleCell
          noun={['team', 'teams']}
          bubbles={(chest.teams ?? []).map((team) => ({
            id: team.id,
            label: team.name,
            onOpen: () => openRow(paths.adminTeamsShow, team, 'teams'),
            onRemove: () => void actions.unlinkTeam(chest, team),
          }))}
        />
      ),
    },
    {
      id: 'created',
      label: 'Created',
      width: 12.5,
      sortKey: 'created_at',
      optional: true,
      cell: (chest) => formatDateEnGb(chest.created_at),
    },
    {
      id: 'updated',
      label: 'Updated',
      width: 12.5,
      sortKey: 'updated_at',
      optional: true,
      cell: (chest) => formatDateEnGb(chest.updated_at),
    },
  ];

  const menuFor = (chest: Chest): RowMenuItem[] => [
    { label: 'Add Secret', onSelect: () => openRow(paths.adminChestsSecretNew, chest, 'chests') },
    { label: 'Edit Chest', onSelect: () => openRow(paths.adminChestsEdit, chest, 'chests') },
    { label: 'Remove Chest', danger: true, onSelect: () => void actions.remove(chest) },
  ];

  return {
    columns,
    menuFor,
    rowKey: (chest: Chest) => chest.id,
    rowName: (chest: Chest) => chest.name,
    onOpen: (chest: Chest) => openRow(paths.adminChestsShow, chest, 'chests'),
  };
}
