import type { Chest } from '@coffer/core';
import { CHEST_NAME_VIEW_MAX } from '@coffer/core';
import { useChestList } from '../../api/vaults-queries.js';
import { secretCountLabel } from '../../components/chests/select-chest-modal.js';
import { truncateName } from '../../components/chests/truncate-name.js';
import type { RowMenuItem } from '../../components/lists/row-menu.js';
import { LIST_FAILED_MESSAGE, ScrollList } from '../../components/lists/scroll-list.js';
import { chestRowTags } from './chest-tags.js';
import { DashboardRow } from './dashboard-row.js';

/** Props of the Chests tab's list. */
export interface ChestListProps {
  filter: string;
  everything: boolean;
  onOpen: (chest: Chest) => void;
  menuFor: (chest: Chest) => RowMenuItem[];
}

/**
 * Chests by 20 with their secret counts and teams (the side list's tags, at most 50 a row);
 * 'No Chests Found' when there are none.
 */
export function ChestList({ filter, everything, onOpen, menuFor }: ChestListProps) {
  const query = useChestList({ filter, everything });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ScrollList
      label="Chests"
      rows={rows}
      rowKey={(chest) => chest.id}
      rowClassName="dashboard-row"
      emptyText="No Chests Found"
      loading={query.isPending}
      error={query.isError ? LIST_FAILED_MESSAGE : null}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      loadMore={() => void query.fetchNextPage()}
      renderRow={(chest) => (
        <DashboardRow
          name={truncateName(chest.name, CHEST_NAME_VIEW_MAX)}
          detail={[secretCountLabel(chest.secret_count), ...chestRowTags(chest.teams)].join(' · ')}
          onOpen={() => onOpen(chest)}
          menuItems={menuFor(chest)}
        />
      )}
    />
  );
}
