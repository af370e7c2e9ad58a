import type { Chest } from '@coffer/core';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useChest } from '../../../api/vaults-queries.js';
import { AdminFooter, saveAction } from '../../../components/admin-shell/admin-footer.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import { readAdminRowState, useAdminBack } from '../../../components/admin-table/admin-row-state.js';
import { useChestActions } from '../../../components/chests/chest-actions.js';
import { LIST_FAILED_MESSAGE } from '../../../components/lists/scroll-list.js';
import { paths } from '../../../navigation/paths.js';
import { ChestForm } from './chest-form.js';
import { useChestForm } from './use-chest-form.js';
import { useChestSubmit } from './use-chest-submit.js';
import './admin-chests.css';

/** The title of the chest edit screen (spec section 2). */
export const EDIT_CHEST_TITLE = 'Edit Chest & Permissions';

/**
 * /admin/chests/edit: 'Edit Chest & Permissions' for the chest passed in the navigation state
 * (without it, the chest list). The chest is read afresh with its teams and users.
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<Pick<Chest, 'id' | 'name'>>(state);
  if (!opened) return <Navigate to={paths.adminChests} replace />;
  return <EditChest key={opened.row.id} opened={opened} />;
}

function EditChest({ opened }: { opened: AdminRowState<Pick<Chest, 'id' | 'name'>> }) {
  const chest = useChest(opened.row.id, ['teams', 'users']);
  const back = useAdminBack(opened, paths.adminChests);
  if (chest.isPending) {
    return (
      <p className="admin-table__status" role="status">
        Loading…
      </p>
    );
  }
  if (!chest.data) {
    return (
      <p className="admin-table__status admin-table__status--error" role="alert">
        {LIST_FAILED_MESSAGE}
      </p>
    );
  }
  return <EditChestForm chest={chest.data} back={back} />;
}

function EditChestForm({ chest, back }: { chest: Chest; back: () => void }) {
  const navigate = useNavigate();
  const form = useChestForm(chest);
  const actions = useChestActions();
  const { submit, saving } = useChestSubmit(form, true, back);
  return (
    <>
      <ChestForm title={EDIT_CHEST_TITLE} form={form} chest={chest} onSubmit={() => void submit()} />
      <AdminFooter
        onBack={back}
        actions={[
          {
            id: 'remove',
            label: 'Remove Chest',
            variant: 'danger',
            onSelect: () =>
              void actions.remove(chest).then((done) => {
                if (done) void navigate(paths.adminChests, { replace: true });
              }),
          },
          saveAction(saving, 'Save the chest', () => void submit()),
        ]}
      />
    </>
  );
}
