import type { AuditLogEntry } from '@coffer/core';
import { formatDateTimeEnGb } from '@coffer/core';
import { useUserActivity } from '../../../api/audit-queries.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import { toTableList } from '../../../components/admin-table/table-list.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';

/** The log's heading and empty text (spec sections 2 and 8). */
export const ACTIVITY_LOG_TEXT = { title: 'User Activity Log', empty: 'No Recent Logs' } as const;

const COLUMNS: readonly AdminColumn<AuditLogEntry>[] = [
  { id: 'date', label: 'Date', width: 25, cell: (entry) => formatDateTimeEnGb(entry.created_at) },
  { id: 'activity', label: 'Activity', width: 50, cell: (entry) => entry.action },
  { id: 'id', label: 'ID', width: 25, optional: true, cell: (entry) => entry.id },
];

/**
 * The 'User Activity Log' (spec section 2): Date, Activity, ID; newest first, 10 entries at a time
 * and more on scroll until the total; 'No Recent Logs' when empty. Rows only show.
 */
export function UserActivityLog({ userId }: { userId: string }) {
  const query = useUserActivity(userId);
  const sort = useTableSort();
  return (
    <section className="user-page__section" aria-labelledby="user-activity-heading">
      <h2 id="user-activity-heading" className="user-page__heading">
        {ACTIVITY_LOG_TEXT.title}
      </h2>
      <AdminTable
        label={ACTIVITY_LOG_TEXT.title}
        noun="Items"
        emptyText={ACTIVITY_LOG_TEXT.empty}
        columns={COLUMNS}
        list={toTableList(query)}
        sort={sort}
        rowKey={(entry) => entry.id}
        rowName={(entry) => entry.action}
      />
    </section>
  );
}
