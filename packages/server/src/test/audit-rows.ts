import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type AuditScope = { organisationId: string } | { objectId: string };

/**
 * The audit actions of an organisation or about one object, as the audit log lists them: oldest
 * first, and within one millisecond in the order they were written (ids).
 */
export async function auditActions(db: Kysely<Database>, scope: AuditScope): Promise<string[]> {
  let query = db.selectFrom('audit_log_entries').select('action');
  query =
    'organisationId' in scope
      ? query.where('organisation_id', '=', scope.organisationId)
      : query.where('object_id', '=', scope.objectId);
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => row.action);
}
