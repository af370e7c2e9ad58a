import { CHEST_NAME_VIEW_MAX } from '@coffer/core';
import { useEffect } from 'react';
import { ApiError } from '../../api/api-error.js';
import type { SecretRow } from '../../api/secrets-api.js';
import { useSecretList } from '../../api/secrets-queries.js';
import { useChest } from '../../api/vaults-queries.js';
import { truncateName } from '../../components/chests/truncate-name.js';
import type { RowMenuItem } from '../../components/lists/row-menu.js';
import { useLoginAfterFailedLoad } from '../../session/use-login-after-failed-load.js';
import { DeletedSecretsSection } from './deleted-secrets-section.js';
import { SecretList } from './secret-list.js';

/** Props of the chest view. */
export interface ChestViewProps {
  chestId: string;
  filter: string;
  showAll: boolean;
  selectedId: string | null;
  onOpen: (row: SecretRow) => void;
  menuFor: (row: SecretRow, removed: boolean) => RowMenuItem[];
  onBack: () => void;
  /** The chest is gone or no longer visible (a remembered lastChest): leave the view. */
  onMissing: () => void;
}

/**
 * A chest's secrets (name cut to 40 characters), and with Show all its deleted ones to restore. A
 * chest that is gone leaves the view; secrets that fail to load send the user to /login (spec section 4).
 */
export function ChestView({
  chestId,
  filter,
  showAll,
  selectedId,
  onOpen,
  menuFor,
  onBack,
  onMissing,
}: ChestViewProps) {
  const chest = useChest(chestId);
  const missing =
    chest.error instanceof ApiError && (chest.error.status === 404 || chest.error.status === 403);
  useEffect(() => {
    if (missing) onMissing();
  }, [missing, onMissing]);
  const listFilter = { filter, vaultId: chestId };
  // The same query as the list below shows (one cache entry, one request).
  useLoginAfterFailedLoad(useSecretList(listFilter));

  const name = chest.data?.name ?? '';
  return (
    <div className="chest-view">
      <div className="chest-view__header">
        <button type="button" className="button button--ghost button--small" onClick={onBack}>
          ← Chests
        </button>
        <h2 className="chest-view__title" title={name}>
          {chest.isPending ? 'Loading…' : truncateName(name, CHEST_NAME_VIEW_MAX)}
        </h2>
      </div>
      <SecretList
        label={`Secrets in ${name}`}
        filter={listFilter}
        selectedId={selectedId}
        onOpen={onOpen}
        menuFor={(row) => menuFor(row, false)}
        hideChest
      />
      {showAll ? (
        <DeletedSecretsSection
          label={`Deleted secrets in ${name}`}
          headingLevel={3}
          filter={{ filter, vaultId: chestId }}
          selectedId={selectedId}
          onOpen={onOpen}
          menuFor={(row) => menuFor(row, true)}
          hideChest
        />
      ) : null}
    </div>
  );
}
