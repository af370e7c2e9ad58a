import { type AuditLogEntry, type AuditLogSortKey, formatListOrder, type ListResponse } from '@coffer/core';
import type { ListQuery } from '../../lists/list-params.js';
import { type ListResource, readListParams, runList } from '../../lists/list-resource.js';
import type { SortSpec } from '../../lists/list-sorts.js';
import { type CallerAccess, requireAdministrator } from '../../policy/index.js';
import {
  type AuditRecord,
  type AuditScope,
  scopeAuditEntries,
  selectAuditRows,
} from '../../repositories/audit-log-repository.js';
import type { ServiceContext } from '../service-context.js';

/**
 * `GET api/v1/audit_log_entries` (administrators): the organisation's audit log, newest first. Every
 * change writes its entry in its own transaction (services/caller-audit.ts), so the log grows with every
 * sign-in: its totals may be a few seconds old (any change drops them), and every page, also after a
 * cursor, reads (organisation_id, created_at desc, id desc) in order.
 */
export const AUDIT_LOG_LIST: ListResource<'audit_log_entries', AuditScope, AuditRecord, AuditLogEntry> = {
  name: 'audit log',
  table: 'audit_log_entries',
  scope: scopeAuditEntries,
  select: selectAuditRows,
  sorts: {
    created_at: { column: 'created_at', type: 'text', index: 'audit_log_entries_created_at_index' },
  } satisfies Record<AuditLogSortKey, SortSpec<AuditScope, AuditRecord>>,
  filterColumns: ['user_string'],
  cacheTotals: true,
  present: async (_db, _access, rows) =>
    rows.map(({ id, created_at, action, user_string }) => ({ id, created_at, action, user_string })),
};

// Ids are UUIDs (made by the server, or by a client for secrets): a filter of that shape is an id.
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The audit log for administrators (403 for anyone else). `filter`: an id lists that user's activity,
 * the entries they made and those made about them (or an object's history); any other text matches
 * the actor's "Name (email)", case-insensitively. `order`: `created_at desc` (the default), or as the
 * settings screen sends it, a bare `desc` (`asc` reads oldest first).
 */
export async function listAuditLogFor(
  ctx: ServiceContext,
  caller: CallerAccess,
  query: ListQuery,
): Promise<ListResponse<AuditLogEntry>> {
  requireAdministrator(caller);
  const filter = query.filter?.trim() ?? '';
  const subjectId = ID_SHAPE.test(filter) ? filter.toLowerCase() : null;
  const params = readListParams(AUDIT_LOG_LIST, {
    ...query,
    // A cursor carries its order: without `order=`, it decides.
    order: query.cursor && !query.order ? undefined : auditOrder(query.order),
    filter: subjectId ? '' : filter,
  });
  const scope: AuditScope = { organisationId: caller.organisation.id, subjectId };
  return runList(ctx.db, AUDIT_LOG_LIST, caller, scope, params);
}

function auditOrder(order: string | undefined): string {
  const text = order?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'desc') return formatListOrder('created_at', 'desc');
  if (text === 'asc') return formatListOrder('created_at', 'asc');
  return text;
}
