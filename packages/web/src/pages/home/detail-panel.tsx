import type { Secret } from '@coffer/core';
import type { WritableChests } from '../../components/chests/use-writable-chests.js';
import { EditSecretPanel } from '../../components/secrets/edit-secret-panel.js';
import { SecretForm } from '../../components/secrets/secret-form.js';
import { SecretViewer } from '../../components/secrets/secret-viewer.js';
import type { SavedSecret } from '../../crypto-client/save-secret.js';
import { useSession } from '../../session/use-session.js';
import { AddressedSecretViewer } from './addressed-secret-viewer.js';
import type { DashboardState } from './use-dashboard-state.js';

/** The empty panel's hint: the Shift N part only for someone who may add a secret (issue 26). */
export const CHOOSE_SECRET_HINT = 'Choose a secret to see it here.';

/** The detail side of the dashboard: the secret viewer, or the new or edit form. */
export function DetailPanel({
  state,
  writable,
  canWrite,
  canAdd,
}: {
  state: DashboardState;
  writable: WritableChests;
  canWrite: (chestId: string) => boolean;
  /** Whether the user may add a secret (an administrator, or a writer of some chest). */
  canAdd: boolean;
}) {
  const { profile, isAdministrator } = useSession();
  const userId = profile?.id ?? '';
  const { panel } = state;
  const showSaved = (saved: SavedSecret) => state.showSecret(saved.id, '');
  const canEditSecret = (secret: Secret) => !secret.marked_for_deletion && canWrite(secret.vault_id);

  switch (panel.kind) {
    case 'view': {
      // A secret the address names keeps a 404 in the panel (addressed-secret-viewer.tsx).
      const Viewer = panel.addressed ? AddressedSecretViewer : SecretViewer;
      return (
        <Viewer
          key={panel.id}
          secretId={panel.id}
          userId={userId}
          onClose={state.closePanel}
          canEdit={canEditSecret}
          onEdit={(secret) => state.editSecret(secret.id)}
        />
      );
    }
    case 'new':
      return (
        <SecretForm
          key="new"
          userId={userId}
          start={panel.vaultId ? { vaultId: panel.vaultId } : {}}
          chests={writable.chests}
          chestsLoading={writable.loading}
          canCreateChest={isAdministrator}
          onSaved={showSaved}
          onCancel={state.closePanel}
        />
      );
    case 'edit':
      return (
        <EditSecretPanel
          key={`edit-${panel.id}`}
          secretId={panel.id}
          userId={userId}
          chests={writable.chests}
          chestsLoading={writable.loading}
          onSaved={showSaved}
          onCancel={() => state.showSecret(panel.id, '')}
        />
      );
    default:
      return canAdd ? (
        <p className="dashboard__hint">
          Choose a secret to see it here, or press <kbd>Shift</kbd> <kbd>N</kbd> to add one.
        </p>
      ) : (
        <p className="dashboard__hint">{CHOOSE_SECRET_HINT}</p>
      );
  }
}
