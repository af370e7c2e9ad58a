import type { Chest } from '@coffer/core';
import { CHEST_NAME_VIEW_MAX } from '@coffer/core';
import { useLocation } from 'react-router';
import { useSecretList } from '../../../api/secrets-queries.js';
import { ADMIN_SEARCH } from '../../../components/admin-shell/admin-areas.js';
import { useAdminFilter } from '../../../components/admin-shell/admin-context-store.js';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import { readAdminRowState, useAdminBack } from '../../../components/admin-table/admin-row-state.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import { toTableList } from '../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';
import { truncateName } from '../../../components/chests/truncate-name.js';
import { paths } from '../../../navigation/paths.js';
import { useDeletedSecretTable } from './deleted-secret-table.js';
import './admin-chests.css';

/** The heading of the deleted secrets screen (spec section 2). */
export const DELETED_SECRETS_TITLE = 'Deleted Secrets';

/**
 * /admin/chests/deleted: 'Deleted Secrets' of every chest, or of the chest passed in the navigation
 * state; Restore, and Delete Permanently for the owner.
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<Pick<Chest, 'id' | 'name'>>(state);
  const chest = opened?.context === 'deleted' ? opened.row : null;
  const back = useAdminBack(opened, paths.adminChests);
  const filter = useAdminFilter(ADMIN_SEARCH.deleted);
  const sort = useTableSort();
  const query = useSecretList({
    filter,
    deleted: true,
    everything: true,
    ...(chest ? { vaultId: chest.id } : {}),
    order: sort.order,
  });
  const table = useDeletedSecretTable();
  return (
    <>
      <header className="admin-deleted__header">
        <h1 className="admin__title">{DELETED_SECRETS_TITLE}</h1>
        {chest ? (
          <p className="admin-deleted__chest">{truncateName(chest.name, CHEST_NAME_VIEW_MAX)}</p>
        ) : null}
      </header>
      <AdminTable
        label={chest ? `Deleted secrets in ${chest.name}` : 'Deleted secrets'}
        noun="Secrets"
        list={toTableList(query)}
        sort={sort}
        {...table}
      />
      <AdminFooter onBack={back} actions={[]} />
    </>
  );
}
