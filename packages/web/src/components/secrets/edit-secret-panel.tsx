import type { Chest } from '@coffer/core';
import { OpenedSecretStatus } from './opened-secret-status.js';
import { SecretForm } from './secret-form.js';
import { useOpenedSecret } from './use-opened-secret.js';
import type { SavedSecretWithName } from './use-save-secret.js';

/** Props of the edit panel. */
export interface EditSecretPanelProps {
  secretId: string;
  userId: string;
  chests: readonly Chest[];
  chestsLoading?: boolean;
  allowHide?: boolean;
  onSaved: (saved: SavedSecretWithName) => void;
  onCancel: () => void;
}

/**
 * Decrypts a secret afresh and opens the form on it, so the edit starts from the revision the server
 * holds now (the save is refused if someone saves in between).
 */
export function EditSecretPanel({
  secretId,
  userId,
  chests,
  chestsLoading,
  allowHide,
  onSaved,
  onCancel,
}: EditSecretPanelProps) {
  const state = useOpenedSecret(secretId, userId);
  if (state.status !== 'ready') {
    return (
      <OpenedSecretStatus state={state} className="secret-form" label="Edit Secret" onClose={onCancel} />
    );
  }
  const { secret, payload } = state.opened;
  const current =
    chests.some((chest) => chest.id === secret.vault_id) || !secret.vault
      ? chests
      : [
          { id: secret.vault.id, name: secret.vault.name, secret_count: 0, created_at: '', updated_at: '' },
          ...chests,
        ];
  return (
    <SecretForm
      key={`${secret.id}@${secret.revision}`}
      userId={userId}
      editTarget={{ id: secret.id, baseRevision: secret.revision }}
      start={{
        category: secret.category,
        name: secret.name,
        vaultId: secret.vault_id,
        hidden: secret.hidden,
        formFill: secret.form_fill,
        payload,
      }}
      chests={current}
      chestsLoading={chestsLoading ?? false}
      allowHide={allowHide ?? false}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
