import type { Team, TeamSortKey } from '@coffer/core';
import { CHEST_NAME_VIEW_MAX, formatDateEnGb } from '@coffer/core';
import { useOpenAdminRow } from '../../../components/admin-table/admin-row-state.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import { BubbleCell } from '../../../components/admin-table/bubble-cell.js';
import { truncateName } from '../../../components/chests/truncate-name.js';
import type { RowMenuItem } from '../../../components/lists/row-menu.js';
import { paths } from '../../../navigation/paths.js';
import { useTeamActions } from './team-actions.js';

/** The members a team row counts. */
export function userCountOf(team: Team): number {
  return team.user_count ?? team.memberships.length;
}

/**
 * The Teams table as configuration: name, user count, chests (bubbles that open the chest, with a
 * cross that unlinks it), added and updated dates (en-GB), and the row menu Add User, Edit Team,
 * Remove Team (the default team 'Everyone' cannot be removed). A row opens the team's members.
 */
export function useTeamTable() {
  const openRow = useOpenAdminRow();
  const actions = useTeamActions();

  const columns: AdminColumn<Team, TeamSortKey>[] = [
    { id: 'name', label: 'Name', width: 25, sortKey: 'name', cell: (team) => team.name },
    { id: 'users', label: 'Users', width: 10, sortKey: 'user_count', cell: userCountOf },
    {
      id: 'chests',
      label: 'Chests',
      width: 30,
      interactive: true,
      cell: (team) => (
        <BubbleCell
          noun={['chest', 'chests']}
          bubbles={(team.vaults ?? []).map((chest) => ({
            id: chest.id,
            label: truncateName(chest.name, CHEST_NAME_VIEW_MAX),
            onOpen: () => openRow(paths.adminChestsShow, chest, 'chests'),
            onRemove: () => void actions.unlinkChest(team, chest),
          }))}
        />
      ),
    },
    {
      id: 'created',
      label: 'Added',
      width: 12.5,
      sortKey: 'created_at',
      optional: true,
      cell: (team) => formatDateEnGb(team.created_at),
    },
    {
      id: 'updated',
      label: 'Updated',
      width: 12.5,
      sortKey: 'updated_at',
      optional: true,
      cell: (team) => formatDateEnGb(team.updated_at),
    },
  ];

  const menuFor = (team: Team): RowMenuItem[] => [
    { label: 'Add User', onSelect: () => openRow(paths.adminTeamsUserNew, team, 'teams') },
    { label: 'Edit Team', onSelect: () => openRow(paths.adminTeamsEdit, team, 'teams') },
    ...(team.default_for_new_users
      ? []
      : [{ label: 'Remove Team', danger: true, onSelect: () => void actions.remove(team) }]),
  ];

  return {
    columns,
    menuFor,
    rowKey: (team: Team) => team.id,
    rowName: (team: Team) => team.name,
    onOpen: (team: Team) => openRow(paths.adminTeamsShow, team, 'teams'),
  };
}
