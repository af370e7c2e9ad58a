import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';

// Reads of the audit log; entries are written by services/audit-log.ts (writeAudit), in the
// transaction of the change each records.

/** Which entries a list may show: the organisation's, or those of one user or object. */
export interface AuditScope {
  organisationId: string;
  /**
   * An id: only the entries made by that user (user_id) and those about that user or object
   * (object_id). Null: every entry of the organisation.
   */
  subjectId: string | null;
}

/** An audit-log entry as lists read it. */
export interface AuditRecord {
  id: string;
  created_at: string;
  action: string;
  user_string: string;
}

/** The entries a list may show (list-resource.ts adds the filter, order and page). */
export function scopeAuditEntries(
  query: SelectQueryBuilder<Database, 'audit_log_entries', object>,
  scope: AuditScope,
): SelectQueryBuilder<Database, 'audit_log_entries', object> {
  const scoped = query.where('audit_log_entries.organisation_id', '=', scope.organisationId);
  const { subjectId } = scope;
  if (subjectId === null) return scoped;
  return scoped.where((eb) =>
    eb.or([
      eb('audit_log_entries.user_id', '=', subjectId),
      eb('audit_log_entries.object_id', '=', subjectId),
    ]),
  );
}

/** Reads a page of the audit log. */
export async function selectAuditRows(
  query: SelectQueryBuilder<Database, 'audit_log_entries', object>,
): Promise<AuditRecord[]> {
  return query
    .select([
      'audit_log_entries.id',
      'audit_log_entries.created_at',
      'audit_log_entries.action',
      'audit_log_entries.user_string',
    ])
    .execute();
}
