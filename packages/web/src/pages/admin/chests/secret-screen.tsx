import { Navigate, useLocation } from 'react-router';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import {
  readAdminRowState,
  useAdminBack,
  useOpenAdminRow,
} from '../../../components/admin-table/admin-row-state.js';
import { SecretViewer } from '../../../components/secrets/secret-viewer.js';
import { paths } from '../../../navigation/paths.js';
import { useSession } from '../../../session/use-session.js';
import type { AdminSecretRef } from './admin-secret-navigation.js';

/**
 * /admin/chests/secret: the secret passed in the navigation state, decrypted in this browser, with
 * Close and Edit Secret (Shift+E) in the footer. Without a secret, the chest list.
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<AdminSecretRef>(state);
  if (!opened) return <Navigate to={paths.adminChests} replace />;
  return <AdminSecret key={opened.row.id} opened={opened} />;
}

function AdminSecret({ opened }: { opened: AdminRowState<AdminSecretRef> }) {
  const { profile } = useSession();
  const back = useAdminBack(opened, paths.adminChests);
  const openRow = useOpenAdminRow();
  const removed = opened.context === 'deleted' || opened.row.marked_for_deletion === true;
  return (
    <>
      <SecretViewer secretId={opened.row.id} userId={profile?.id ?? ''} onClose={back} hideActions />
      <AdminFooter
        actions={[
          { id: 'close', label: 'Close', keys: 'Escape', description: 'Close the secret', onSelect: back },
          ...(removed
            ? []
            : [
                {
                  id: 'edit',
                  label: 'Edit Secret',
                  keys: 'Shift+E',
                  description: 'Edit the secret',
                  variant: 'primary' as const,
                  onSelect: () => openRow(paths.adminChestsSecretEdit, opened.row, opened.context),
                },
              ]),
        ]}
      />
    </>
  );
}
