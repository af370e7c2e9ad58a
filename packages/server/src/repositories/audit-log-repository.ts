import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { uuidV7 } from '../db/uuid-v7.js';

// The audit log's one writer and its reads. Services write through services/caller-audit.ts, in
// the transaction of the change each entry records.

/** Who an entry is by, as the log shows and searches them. */
export interface AuditUser {
  id: string;
  name: string;
  email: string;
}

/** One entry: by a user, or by the system (null, shown as 'System'). */
export interface AuditEntry {
  organisationId: string;
  user: AuditUser | null;
  /** Human-readable, shown in the audit log as is, e.g. 'Created chest Marketing'. Never a secret. */
  action: string;
  objectType?: string | null;
  objectId?: string | null;
}

/** How a user appears in the audit log (and what its search matches): "Name (email)". */
export function describeAuditUser(user: { name: string; email: string }): string {
  return `${user.name} (${user.email})`;
}

/** Inserts one entry; pass the transaction of the change it records. */
export async function insertAuditEntry(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  // The log lists by (created_at, id): entries of one millisecond (a cancellation and the card removed
  // right after) are ordered by their ids, which increase in the order this process writes them.
  const now = Date.now();
  await trx
    .insertInto('audit_log_entries')
    .values({
      id: uuidV7(now),
      organisation_id: entry.organisationId,
      user_id: entry.user?.id ?? null,
      user_string: entry.user ? describeAuditUser(entry.user) : 'System',
      action: entry.action,
      object_type: entry.objectType ?? null,
      object_id: entry.objectId ?? null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
}

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

/** The entries a list may show (list-query.ts adds the filter, order and page). */
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
