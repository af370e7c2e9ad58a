import type { UserRow } from '@coffer/core';
import { canRemoveUser, USER_ROW_MENU_FLIP_MARGIN_PX } from '@coffer/core';
import { useUserList } from '../../../../api/users-queries.js';
import { useOpenAdminRow } from '../../../../components/admin-table/admin-row-state.js';
import { AdminTable } from '../../../../components/admin-table/admin-table.js';
import type { AdminColumn } from '../../../../components/admin-table/admin-table-types.js';
import { toTableList } from '../../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../../components/admin-table/table-sort.js';
import type { RowMenuItem } from '../../../../components/lists/row-menu.js';
import { paths } from '../../../../navigation/paths.js';
import { useOwnership } from '../../../../session/ownership.js';
import { useSession } from '../../../../session/use-session.js';
import { useUserActions } from '../../teams/user-actions.js';
import { confirmationLabel, permissionLabel } from '../../teams/user-labels.js';

/** The accounts table's name and its row menu (spec section 2: 'Billing accounts'). */
export const ACCOUNTS_TEXT = {
  title: 'Accounts',
  details: 'User Details',
  remove: 'Remove User',
} as const;

const COLUMNS: AdminColumn<UserRow, 'name' | 'email'>[] = [
  { id: 'name', label: 'Name', width: 30, sortKey: 'name', cell: (user) => user.name },
  { id: 'email', label: 'Email', width: 35, sortKey: 'email', optional: true, cell: (user) => user.email },
  { id: 'permissions', label: 'Permissions', width: 15, optional: true, cell: permissionLabel },
  { id: 'status', label: 'Status', width: 15, cell: confirmationLabel },
];

/**
 * The accounts the Team Plan charges for: the organisation's users (the users list, 20 at a time),
 * each with User Details and Remove User (not for oneself or the owner, as the users table).
 */
export function BillingAccountsTable() {
  const sort = useTableSort();
  const users = useUserList({ order: sort.order });
  const openRow = useOpenAdminRow();
  const actions = useUserActions();
  const { profile } = useSession();
  const { owner } = useOwnership();

  const menuFor = (user: UserRow): RowMenuItem[] => {
    const removable = profile !== undefined && canRemoveUser(profile, user, owner);
    return [
      { label: ACCOUNTS_TEXT.details, onSelect: () => openRow(paths.adminTeamsUser, user, 'users') },
      ...(removable
        ? [{ label: ACCOUNTS_TEXT.remove, danger: true, onSelect: () => void actions.remove(user) }]
        : []),
    ];
  };

  return (
    <AdminTable
      label={ACCOUNTS_TEXT.title}
      noun="Users"
      columns={COLUMNS}
      list={toTableList(users)}
      sort={sort}
      rowKey={(user) => user.id}
      rowName={(user) => user.name}
      onOpen={(user) => openRow(paths.adminTeamsUser, user, 'users')}
      menuFor={menuFor}
      menuFlipMarginPx={USER_ROW_MENU_FLIP_MARGIN_PX}
    />
  );
}
