import type { InvitationRow, UserRow } from '@coffer/core';
import { canRemoveUser, USER_ROW_MENU_FLIP_MARGIN_PX } from '@coffer/core';
import { useNavigate } from 'react-router';
import { useInvitationList } from '../../../../api/invitations-queries.js';
import { useUserList } from '../../../../api/users-queries.js';
import { setAdminToggle } from '../../../../components/admin-shell/admin-context-store.js';
import { useOpenAdminRow } from '../../../../components/admin-table/admin-row-state.js';
import { AdminTable } from '../../../../components/admin-table/admin-table.js';
import type { AdminColumn } from '../../../../components/admin-table/admin-table-types.js';
import { type TableList, toTableList } from '../../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../../components/admin-table/table-sort.js';
import type { RowMenuItem } from '../../../../components/lists/row-menu.js';
import { paths } from '../../../../navigation/paths.js';
import { useOwnership } from '../../../../session/ownership.js';
import { useSession } from '../../../../session/use-session.js';
import { useInvitationActions } from '../../teams/invitation-actions.js';
import { useUserActions } from '../../teams/user-actions.js';
import { confirmationLabel, permissionLabel } from '../../teams/user-labels.js';

/** The accounts table's name and its row menus (spec section 2: 'Billing accounts'). */
export const ACCOUNTS_TEXT = {
  title: 'Accounts',
  details: 'User Details',
  remove: 'Remove User',
  /** A pending invitation's status: it takes one of the plan's seats until accepted or expired. */
  invited: 'Invited (holds a seat)',
  resendInvitation: 'Resend Invitation',
  revokeInvitation: 'Revoke Invitation',
} as const;

/** A row of the accounts table: an account, or a pending invitation holding a seat. */
export type AccountRow = { kind: 'user'; user: UserRow } | { kind: 'invitation'; invitation: InvitationRow };

const COLUMNS: AdminColumn<AccountRow, 'name' | 'email'>[] = [
  { id: 'name', label: 'Name', width: 30, sortKey: 'name', cell: (row) => nameOf(row) },
  {
    id: 'email',
    label: 'Email',
    width: 35,
    sortKey: 'email',
    optional: true,
    cell: (row) => (row.kind === 'user' ? row.user.email : row.invitation.email),
  },
  {
    id: 'permissions',
    label: 'Permissions',
    width: 15,
    optional: true,
    // An invitee joins as a user (not an administrator).
    cell: (row) =>
      row.kind === 'user' ? permissionLabel(row.user) : permissionLabel({ administrator: false }),
  },
  {
    id: 'status',
    label: 'Status',
    width: 15,
    cell: (row) => (row.kind === 'user' ? confirmationLabel(row.user) : ACCOUNTS_TEXT.invited),
  },
];

function nameOf(row: AccountRow): string {
  return row.kind === 'user' ? row.user.name : row.invitation.name;
}

/**
 * The accounts of the organisation's seats: its users (the users list, 20 at a time, in the chosen
 * order), then, once every user is loaded, each pending invitation, which holds a seat until it is
 * accepted or expires (billing/plan-limits.ts), so the rows add up to the seats the plan counts.
 * A user has User Details and Remove User (not for oneself or the owner, as the users table); an
 * invitation opens the Users view's Invitations list and has Resend and Revoke.
 */
export function BillingAccountsTable() {
  const sort = useTableSort();
  const users = useUserList({ order: sort.order });
  const invitations = useInvitationList();
  const invitationActions = useInvitationActions();
  const navigate = useNavigate();
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

  const invitationMenu = (invitation: InvitationRow): RowMenuItem[] => [
    { label: ACCOUNTS_TEXT.resendInvitation, onSelect: () => void invitationActions.resend(invitation) },
    {
      label: ACCOUNTS_TEXT.revokeInvitation,
      danger: true,
      onSelect: () => void invitationActions.revoke(invitation),
    },
  ];
  const open = (row: AccountRow) => {
    if (row.kind === 'user') return openRow(paths.adminTeamsUser, row.user, 'users');
    setAdminToggle('teams', 'users');
    void navigate(paths.adminTeams);
  };
  const accounts = toTableList(users);
  const pending = accounts.hasMore ? [] : (invitations.data?.items ?? []).filter((item) => !item.expired);
  const list: TableList<AccountRow> = {
    ...accounts,
    rows: [
      ...accounts.rows.map((user) => ({ kind: 'user' as const, user })),
      ...pending.map((invitation) => ({ kind: 'invitation' as const, invitation })),
    ],
  };

  return (
    <AdminTable
      label={ACCOUNTS_TEXT.title}
      noun="Users"
      columns={COLUMNS}
      list={list}
      sort={sort}
      rowKey={(row) => (row.kind === 'user' ? `user:${row.user.id}` : `invitation:${row.invitation.id}`)}
      rowName={nameOf}
      onOpen={open}
      menuFor={(row) => (row.kind === 'user' ? menuFor(row.user) : invitationMenu(row.invitation))}
      menuFlipMarginPx={USER_ROW_MENU_FLIP_MARGIN_PX}
    />
  );
}
