import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SecretRow } from '../../../api/secrets-api.js';
import type { AdminRowState } from '../../../components/admin-table/admin-row-state.js';
import type { SavedSecretWithName } from '../../../components/secrets/use-save-secret.js';
import { paths } from '../../../navigation/paths.js';

/** The secret the admin secret page shows: its id and name at least. */
export type AdminSecretRef = Pick<SecretRow, 'id' | 'name'> & Partial<SecretRow>;

/**
 * After an admin save, the admin secret page of the saved secret (spec section 2). When the form was
 * opened from that page, it goes back to it (with its own way back); otherwise the page goes back to
 * where the form was opened from.
 */
export function useShowSavedSecret(opened: AdminRowState<unknown> | null) {
  const navigate = useNavigate();
  return useCallback(
    (saved: SavedSecretWithName) => {
      const fromSecretPage = opened?.from === paths.adminChestsSecret;
      const previous = fromSecretPage
        ? (opened?.fromState as AdminRowState<AdminSecretRef> | undefined)
        : undefined;
      const row: AdminSecretRef = {
        ...(previous?.row ?? {}),
        id: saved.id,
        name: saved.name,
        vault_id: saved.vaultId,
      };
      const state: AdminRowState<AdminSecretRef> = previous
        ? { ...previous, row }
        : {
            row,
            context: opened?.context ?? 'secrets',
            from: opened?.from || paths.adminChests,
            fromState: opened?.fromState,
          };
      void navigate(paths.adminChestsSecret, { state, replace: true });
    },
    [navigate, opened],
  );
}
