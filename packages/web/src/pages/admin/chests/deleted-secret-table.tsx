import type { DeletedSecretSortKey } from '@coffer/core';
import { formatDateEnGb } from '@coffer/core';
import type { SecretRow } from '../../../api/secrets-api.js';
import { useOpenAdminRow } from '../../../components/admin-table/admin-row-state.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import type { RowMenuItem } from '../../../components/lists/row-menu.js';
import { useSecretActions } from '../../../components/secrets/secret-actions.js';
import { CATEGORY_LABELS } from '../../../components/secrets/secret-labels.js';
import { SignedSecretName } from '../../../components/secrets/signed-secret-name.js';
import { paths } from '../../../navigation/paths.js';
import { useOwnership } from '../../../session/ownership.js';
import { chestColumn, secretRef } from './secret-table.js';

/**
 * The Deleted Secrets table as configuration: name, type, chest, when it was removed; the row menu
 * offers Restore, and Delete Permanently to the owner only (spec section 6).
 */
export function useDeletedSecretTable() {
  const openRow = useOpenAdminRow();
  const actions = useSecretActions();
  const owner = useOwnership().isOwner;

  const columns: AdminColumn<SecretRow, DeletedSecretSortKey>[] = [
    {
      id: 'name',
      label: 'Name',
      width: 30,
      sortKey: 'name',
      cell: (secret) => <SignedSecretName item={secret} />,
    },
    {
      id: 'category',
      label: 'Type',
      width: 20,
      sortKey: 'category',
      optional: true,
      cell: (secret) => CATEGORY_LABELS[secret.category],
    },
    chestColumn(25),
    {
      id: 'deleted',
      label: 'Deleted',
      width: 20,
      sortKey: 'deleted_at',
      cell: (secret) => formatDateEnGb(secret.deleted_at ?? null) || '—',
    },
  ];

  const menuFor = (secret: SecretRow): RowMenuItem[] => [
    { label: 'Restore', onSelect: () => void actions.restore(secretRef(secret)) },
    ...(owner
      ? [
          {
            label: 'Delete Permanently',
            danger: true,
            onSelect: () => void actions.deleteForever(secretRef(secret)),
          },
        ]
      : []),
  ];

  return {
    columns,
    menuFor,
    rowKey: (secret: SecretRow) => secret.id,
    rowName: (secret: SecretRow) => secret.name,
    onOpen: (secret: SecretRow) => openRow(paths.adminChestsSecret, secret, 'deleted'),
  };
}
