import { Navigate, useLocation } from 'react-router';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import { readAdminRowState, useAdminBack } from '../../../components/admin-table/admin-row-state.js';
import { useWritableChests } from '../../../components/chests/use-writable-chests.js';
import { EditSecretPanel } from '../../../components/secrets/edit-secret-panel.js';
import { paths } from '../../../navigation/paths.js';
import { useSession } from '../../../session/use-session.js';
import type { AdminSecretRef } from './admin-secret-navigation.js';
import { useShowSavedSecret } from './admin-secret-navigation.js';

/**
 * /admin/chests/secret/edit: the secret passed in the navigation state, decrypted afresh into the
 * form with the 'hide secret' toggle. Saving opens the admin secret page; without a secret, the
 * chest list.
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<AdminSecretRef>(state);
  if (!opened) return <Navigate to={paths.adminChests} replace />;
  return <EditAdminSecret key={opened.row.id} opened={opened} />;
}

function EditAdminSecret({ opened }: { opened: AdminRowState<AdminSecretRef> }) {
  const { profile } = useSession();
  const writable = useWritableChests();
  const back = useAdminBack(opened, paths.adminChests);
  const showSaved = useShowSavedSecret(opened);
  return (
    <>
      <EditSecretPanel
        secretId={opened.row.id}
        userId={profile?.id ?? ''}
        chests={writable.chests}
        chestsLoading={writable.loading}
        allowHide
        onSaved={showSaved}
        onCancel={back}
      />
      <AdminFooter onBack={back} actions={[]} />
    </>
  );
}
