import type { UserChestPermission, UserDetail } from '@coffer/core';
import { CHEST_NAME_VIEW_MAX, chestAccessLabel } from '@coffer/core';
import { useOpenAdminRow } from '../../../components/admin-table/admin-row-state.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import { staticTableList } from '../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';
import { truncateName } from '../../../components/chests/truncate-name.js';
import { paths } from '../../../navigation/paths.js';

/** A user's permission on a chest (spec section 3): Administrator, Read & Write or Read only. */
export function permissionOf(user: Pick<UserDetail, 'administrator'>, chest: UserChestPermission): string {
  return chestAccessLabel({
    administrator: user.administrator,
    manager: chest.manager,
    canWrite: chest.edit_access,
  });
}

/** The chests a user reaches with their permission; a row opens the chest. */
export function UserChestsTable({ user, loading }: { user: UserDetail | undefined; loading: boolean }) {
  const openRow = useOpenAdminRow();
  const sort = useTableSort();
  const columns: AdminColumn<UserChestPermission>[] = [
    { id: 'name', label: 'Chest', width: 60, cell: (chest) => truncateName(chest.name, CHEST_NAME_VIEW_MAX) },
    {
      id: 'permission',
      label: 'Permission',
      width: 40,
      cell: (chest) => (user ? permissionOf(user, chest) : ''),
    },
  ];
  return (
    <section className="user-page__section" aria-labelledby="user-chests-heading">
      <h2 id="user-chests-heading" className="user-page__heading">
        Chests
      </h2>
      <AdminTable
        label={user ? `Chests of ${user.name}` : 'Chests'}
        noun="Chests"
        columns={columns}
        list={staticTableList(user?.permissions, { loading, failed: !loading && !user })}
        sort={sort}
        rowKey={(chest) => chest.vault_id}
        rowName={(chest) => chest.name}
        onOpen={(chest) => openRow(paths.adminChestsShow, { id: chest.vault_id, name: chest.name }, 'chests')}
      />
    </section>
  );
}
