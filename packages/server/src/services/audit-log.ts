import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { uuidV7 } from '../db/uuid-v7.js';
import { forgetListTotals } from './list-total-cache.js';

/** Who did it: a user, or null with `userString` for the system (e.g. a billing webhook). */
export interface AuditEntry {
  organisationId: string;
  user: { id: string; name: string; email: string } | null;
  userString?: string;
  /** Human-readable, shown in the audit log as is, e.g. 'Created chest Marketing'. Never a secret. */
  action: string;
  objectType?: string | null;
  objectId?: string | null;
}

/** How a user appears in the audit log (and what its search matches): "Name (email)". */
export function describeAuditUser(user: { name: string; email: string }): string {
  return `${user.name} (${user.email})`;
}

/** Writes one audit-log entry. Call it with the transaction of the mutation it records. */
export async function writeAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  // Every change is audited, so this is where cached list totals of the organisation are dropped.
  forgetListTotals(entry.organisationId);
  // The log lists by (created_at, id): entries of one millisecond (a cancellation and the card removed
  // right after) are ordered by their ids, which increase in the order this process writes them.
  const now = Date.now();
  await trx
    .insertInto('audit_log_entries')
    .values({
      id: uuidV7(now),
      organisation_id: entry.organisationId,
      user_id: entry.user?.id ?? null,
      user_string: entry.userString ?? (entry.user ? describeAuditUser(entry.user) : 'System'),
      action: entry.action,
      object_type: entry.objectType ?? null,
      object_id: entry.objectId ?? null,
      created_at: new Date(now).toISOString(),
    })
    .execute();
}
