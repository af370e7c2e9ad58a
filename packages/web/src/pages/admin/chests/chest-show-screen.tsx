import type { Chest } from '@coffer/core';
import { CHEST_NAME_VIEW_MAX } from '@coffer/core';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../../../api/api-error.js';
import { useSecretList } from '../../../api/secrets-queries.js';
import { useChest } from '../../../api/vaults-queries.js';
import { ADMIN_SEARCH } from '../../../components/admin-shell/admin-areas.js';
import { useAdminFilter } from '../../../components/admin-shell/admin-context-store.js';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import { AdminShowHeader } from '../../../components/admin-shell/admin-show-header.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import {
  readAdminRowState,
  useAdminBack,
  useOpenAdminRow,
} from '../../../components/admin-table/admin-row-state.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import { toTableList } from '../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';
import { useChestActions } from '../../../components/chests/chest-actions.js';
import { truncateName } from '../../../components/chests/truncate-name.js';
import { paths } from '../../../navigation/paths.js';
import { useLoginAfterFailedLoad } from '../../../session/use-login-after-failed-load.js';
import { CHEST_FORM_TEXT } from './chest-form.js';
import { useSecretTable } from './secret-table.js';
import './admin-chests.css';

/** The chest a screen is opened with: its id and name at least. */
type ChestRef = Pick<Chest, 'id' | 'name'>;

/**
 * /admin/chests/show: a chest's secrets, with its teams; opened with the chest row (else the chest
 * list). Secrets that fail to load send the user to /login (spec section 4).
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<ChestRef>(state);
  if (!opened) return <Navigate to={paths.adminChests} replace />;
  return <ChestSecrets key={opened.row.id} opened={opened} />;
}

function ChestSecrets({ opened }: { opened: AdminRowState<ChestRef> }) {
  const back = useAdminBack(opened, paths.adminChests);
  const openRow = useOpenAdminRow();
  const actions = useChestActions();
  const chest = useChest(opened.row.id, ['teams']);
  const filter = useAdminFilter(ADMIN_SEARCH.chestSecrets);
  const sort = useTableSort();
  const query = useSecretList({
    filter,
    vaultId: opened.row.id,
    options: ['vault', 'teams'],
    order: sort.order,
  });
  const table = useSecretTable('secrets');
  useLoginAfterFailedLoad(query);

  if (chest.error instanceof ApiError && chest.error.status === 404) {
    return <Navigate to={paths.adminChests} replace />;
  }
  const current: ChestRef = chest.data ?? opened.row;
  const name = current.name;
  return (
    <>
      <AdminShowHeader
        title={truncateName(name, CHEST_NAME_VIEW_MAX)}
        fullTitle={name}
        label="Teams"
        noun={['team', 'teams']}
        bubbles={
          chest.data &&
          (chest.data.teams ?? []).map((team) => ({
            id: team.id,
            label: team.name,
            onOpen: () => openRow(paths.adminTeamsShow, team, 'teams'),
            onRemove: () => void (chest.data ? actions.unlinkTeam(chest.data, team) : undefined),
          }))
        }
      >
        {chest.data ? (
          <p className="admin-show__label">{CHEST_FORM_TEXT.rotationPolicy(chest.data.rotation_days)}</p>
        ) : null}
      </AdminShowHeader>
      <AdminTable
        label={`Secrets in ${name}`}
        noun="Secrets"
        list={toTableList(query)}
        sort={sort}
        {...table}
      />
      <AdminFooter
        onBack={back}
        actions={[
          {
            id: 'deleted',
            label: 'Deleted Secrets',
            onSelect: () => openRow(paths.adminChestsDeleted, current, 'deleted'),
          },
          {
            id: 'edit',
            label: 'Edit Chest',
            disabled: !chest.data,
            onSelect: () => chest.data && openRow(paths.adminChestsEdit, chest.data, 'chests'),
          },
          {
            id: 'new',
            label: 'Add Secret',
            keys: 'Shift+N',
            description: 'Add a secret to this chest',
            variant: 'primary',
            onSelect: () => openRow(paths.adminChestsSecretNew, current, 'chests'),
          },
        ]}
      />
    </>
  );
}
