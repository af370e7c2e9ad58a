import type { Chest } from '@coffer/core';
import { useLocation } from 'react-router';
import { AdminFooter } from '../../../components/admin-shell/admin-footer.js';
import { readAdminRowState, useAdminBack } from '../../../components/admin-table/admin-row-state.js';
import { useWritableChests } from '../../../components/chests/use-writable-chests.js';
import { HIDE_SECRET_LABEL, SecretForm } from '../../../components/secrets/secret-form.js';
import { paths } from '../../../navigation/paths.js';
import { useSession } from '../../../session/use-session.js';
import { useShowSavedSecret } from './admin-secret-navigation.js';

/**
 * /admin/chests/secret/new: the secret form with the 'hide secret' toggle ({@link HIDE_SECRET_LABEL});
 * a chest passed in the navigation state is preselected. Saving opens the admin secret page.
 */
export function Component() {
  const { state } = useLocation();
  const opened = readAdminRowState<Pick<Chest, 'id' | 'name'>>(state);
  const { profile } = useSession();
  const writable = useWritableChests();
  const back = useAdminBack(opened, paths.adminChests);
  const showSaved = useShowSavedSecret(opened && { ...opened, context: 'secrets' });
  return (
    <>
      <SecretForm
        userId={profile?.id ?? ''}
        start={opened ? { vaultId: opened.row.id } : {}}
        chests={writable.chests}
        chestsLoading={writable.loading}
        allowHide
        canCreateChest
        onSaved={showSaved}
        onCancel={back}
      />
      <AdminFooter onBack={back} actions={[]} />
    </>
  );
}
