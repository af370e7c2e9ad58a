import type { OwnerRef, UserRow, UserSortKey } from '@coffer/core';
import { canRemoveUser, formatDateEnGb, USER_ROW_MENU_FLIP_MARGIN_PX } from '@coffer/core';
import { useQuery } from '@tanstack/react-query';
import { defaultTeamQuery } from '../../../api/teams-queries.js';
import { useOpenAdminRow } from '../../../components/admin-table/admin-row-state.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import { BubbleCell } from '../../../components/admin-table/bubble-cell.js';
import type { RowMenuItem } from '../../../components/lists/row-menu.js';
import { paths } from '../../../navigation/paths.js';
import { useOwnership } from '../../../session/ownership.js';
import { useSession } from '../../../session/use-session.js';
import { useUserActions } from './user-actions.js';
import './admin-teams.css';
import { BLOCKED_LABEL, confirmationLabel, permissionLabel } from './user-labels.js';

/**
 * The users a row menu may remove (spec section 2): not your own row, not the account owner's.
 * The menu is Edit User, Show User, Remove.
 */
export function userMenuLabels(
  actor: { id: string; administrator: boolean } | undefined,
  user: Pick<UserRow, 'id'>,
  owner: OwnerRef,
): string[] {
  const removable = actor !== undefined && canRemoveUser(actor, user, owner);
  return ['Edit User', 'Show User', ...(removable ? ['Remove'] : [])];
}

/**
 * The Users table as configuration: name, e-mail, permissions (Admin or User), status (Accepted or
 * Pending, and Blocked), teams (bubbles that open the team, with a cross that takes the user out of
 * it, but not out of the default team), the date added; the row menu of spec section 2, opening
 * above the row within 270 px of the bottom. A row opens the user's page.
 */
export function useUserTable() {
  const openRow = useOpenAdminRow();
  const actions = useUserActions();
  const { profile } = useSession();
  const { owner } = useOwnership();
  const defaultTeam = useQuery(defaultTeamQuery());
  const defaultTeamId = defaultTeam.data?.default_for_new_users ? defaultTeam.data.id : undefined;

  const columns: AdminColumn<UserRow, UserSortKey>[] = [
    { id: 'name', label: 'Name', width: 20, sortKey: 'name', cell: (user) => user.name },
    { id: 'email', label: 'Email', width: 22.5, sortKey: 'email', cell: (user) => user.email },
    { id: 'permissions', label: 'Permissions', width: 10, cell: permissionLabel },
    {
      id: 'status',
      label: 'Status',
      width: 12.5,
      cell: (user) => (
        <span className="user-status">
          {confirmationLabel(user)}
          {user.locked ? <span className="user-tag user-tag--warning">{BLOCKED_LABEL}</span> : null}
        </span>
      ),
    },
    {
      id: 'teams',
      label: 'Teams',
      width: 17.5,
      interactive: true,
      cell: (user) => (
        <BubbleCell
          noun={['team', 'teams']}
          bubbles={user.teams.map((team) => ({
            id: team.id,
            label: team.name,
            onOpen: () => openRow(paths.adminTeamsShow, team, 'teams'),
            ...(team.id === defaultTeamId ? {} : { onRemove: () => void actions.removeFromTeam(user, team) }),
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
      cell: (user) => formatDateEnGb(user.created_at),
    },
  ];

  const menuFor = (user: UserRow): RowMenuItem[] =>
    userMenuLabels(profile, user, owner).map((label) => {
      switch (label) {
        case 'Edit User':
          return { label, onSelect: () => openRow(paths.adminTeamsUserEdit, user, 'users') };
        case 'Show User':
          return { label, onSelect: () => openRow(paths.adminTeamsUser, user, 'users') };
        default:
          return { label, danger: true, onSelect: () => void actions.remove(user) };
      }
    });

  return {
    columns,
    menuFor,
    menuFlipMarginPx: USER_ROW_MENU_FLIP_MARGIN_PX,
    rowKey: (user: UserRow) => user.id,
    rowName: (user: UserRow) => user.name,
    onOpen: (user: UserRow) => openRow(paths.adminTeamsUser, user, 'users'),
  };
}
