import type { AuditLogEntry } from '@coffer/core';
import { formatDateTimeEnGb } from '@coffer/core';
import { useRecentAuditLog } from '../../../api/audit-queries.js';
import { AdminTable } from '../../../components/admin-table/admin-table.js';
import type { AdminColumn } from '../../../components/admin-table/admin-table-types.js';
import { staticTableList } from '../../../components/admin-table/table-list.js';
import { TableSearchBox, useTableSearch } from '../../../components/admin-table/table-search.js';
import { useTableSort } from '../../../components/admin-table/table-sort.js';

/** Spec section 8's text for an empty log. */
export const NO_RECENT_LOGS = 'No Recent Logs';

/** The Audit Log's columns: Time (en-GB), User, Activity. */
const COLUMNS: AdminColumn<AuditLogEntry>[] = [
  { id: 'time', label: 'Time', width: 22, cell: (entry) => formatDateTimeEnGb(entry.created_at) },
  { id: 'user', label: 'User', width: 30, cell: (entry) => entry.user_string },
  { id: 'activity', label: 'Activity', width: 48, cell: (entry) => entry.action },
];

/**
 * The settings' Audit Log (spec sections 2, 7 and 9): a search applied 300 ms after the last key,
 * and the latest 200 matching entries, newest first, with Time, User and Activity; 'No Recent Logs'
 * when there are none. The rows only show: an entry opens nothing.
 */
export function AuditLogSection() {
  const search = useTableSearch();
  const sort = useTableSort();
  const log = useRecentAuditLog(search.filter);
  return (
    <>
      <div className="settings__search">
        <TableSearchBox
          search={search}
          placeholder="Search by name, e-mail or id"
          label="Search the audit log"
        />
      </div>
      <AdminTable
        label="Audit Log"
        noun="Items"
        emptyText={NO_RECENT_LOGS}
        columns={COLUMNS}
        list={staticTableList(log.data?.items, {
          loading: log.isPending,
          failed: log.isError && log.data === undefined,
        })}
        sort={sort}
        rowKey={(entry) => entry.id}
        rowName={(entry) => entry.action}
      />
    </>
  );
}
