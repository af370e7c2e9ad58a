import { useNavigate } from 'react-router';
import { useSecretList } from '../../../api/secrets-queries.js';
import { useChestList } from '../../../api/vaults-queries.js';
import { ADMIN_SEARCH } from '../../../components/admin-shell/admin-areas.js';
import { useAdminFilter, useAdminToggle } from '../../../components/admin-shell/admin-context-store.js';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import { toTableList } from '../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';
import { paths } from '../../../navigation/paths.js';
import { useChestTable } from './chest-table.js';
import { useSecretTable } from './secret-table.js';

/** /admin/chests: the Chests table, or the Secrets table of every chest (the top bar's toggle). */
export function Component() {
  return useAdminToggle('chests') === 'chests' ? <ChestsTable /> : <SecretsTable />;
}

function ChestsTable() {
  const navigate = useNavigate();
  const filter = useAdminFilter(ADMIN_SEARCH.chests);
  const sort = useTableSort();
  const query = useChestList({ filter, everything: true, options: ['teams'], order: sort.order });
  const table = useChestTable();
  return (
    <>
      <h1 className="admin__title">Chests</h1>
      <AdminTable label="Chests" noun="Chests" list={toTableList(query)} sort={sort} {...table} />
      <AdminFooter
        actions={[
          {
            id: 'deleted',
            label: 'Deleted Secrets',
            onSelect: () => void navigate(paths.adminChestsDeleted),
          },
          {
            id: 'new',
            label: 'New Chest',
            keys: 'Shift+N',
            description: 'Add a chest',
            variant: 'primary',
            onSelect: () => void navigate(paths.adminChestsNew),
          },
        ]}
      />
    </>
  );
}

function SecretsTable() {
  const navigate = useNavigate();
  const filter = useAdminFilter(ADMIN_SEARCH.secrets);
  const sort = useTableSort();
  const query = useSecretList({ filter, everything: true, options: ['vault', 'teams'], order: sort.order });
  const table = useSecretTable('secrets');
  return (
    <>
      <h1 className="admin__title">Secrets</h1>
      <AdminTable label="Secrets" noun="Secrets" list={toTableList(query)} sort={sort} {...table} />
      <AdminFooter
        actions={[
          {
            id: 'deleted',
            label: 'Deleted Secrets',
            onSelect: () => void navigate(paths.adminChestsDeleted),
          },
          {
            id: 'new',
            label: 'New Secret',
            keys: 'Shift+N',
            description: 'Add a secret',
            variant: 'primary',
            onSelect: () => void navigate(paths.adminChestsSecretNew),
          },
        ]}
      />
    </>
  );
}
