import { CHEST_NAME_VIEW_MAX } from '@coffer/core';
import type { SecretListFilter, SecretRow } from '../../api/secrets-api.js';
import { useSecretList } from '../../api/secrets-queries.js';
import { truncateName } from '../../components/chests/truncate-name.js';
import type { RowMenuItem } from '../../components/lists/row-menu.js';
import { LIST_FAILED_MESSAGE, ScrollList } from '../../components/lists/scroll-list.js';
import { CATEGORY_LABELS } from '../../components/secrets/secret-labels.js';
import { SignedSecretName } from '../../components/secrets/signed-secret-name.js';
import { DashboardRow } from './dashboard-row.js';

/** Props of a scroll-paged list of secrets. */
export interface SecretListProps {
  label: string;
  filter: SecretListFilter;
  selectedId: string | null;
  onOpen: (row: SecretRow) => void;
  menuFor: (row: SecretRow) => RowMenuItem[];
  /** Leave out the chest name (the chest view shows it once above). */
  hideChest?: boolean;
  /** Marks rows (e.g. 'Deleted' in the deleted list). */
  badge?: string;
}

/** Secrets by 20, loading more on scroll; 'No Secrets Found' when there are none. */
export function SecretList({
  label,
  filter,
  selectedId,
  onOpen,
  menuFor,
  hideChest,
  badge,
}: SecretListProps) {
  const query = useSecretList(filter);
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ScrollList
      label={label}
      rows={rows}
      rowKey={(row) => row.id}
      rowClassName="dashboard-row"
      emptyText="No Secrets Found"
      loading={query.isPending}
      error={query.isError ? LIST_FAILED_MESSAGE : null}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      loadMore={() => void query.fetchNextPage()}
      renderRow={(row) => (
        <DashboardRow
          name={row.name}
          label={<SignedSecretName item={row} />}
          detail={
            hideChest || !row.vault
              ? CATEGORY_LABELS[row.category]
              : `${CATEGORY_LABELS[row.category]} · ${truncateName(row.vault.name, CHEST_NAME_VIEW_MAX)}`
          }
          {...(badge ? { badge } : {})}
          selected={row.id === selectedId}
          onOpen={() => onOpen(row)}
          menuItems={menuFor(row)}
        />
      )}
    />
  );
}
