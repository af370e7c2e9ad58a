// The audit log: one entry per change, written by the server in the change's transaction.
import type { Id, IsoDate, ListResponse } from './common-model.js';

/** One audit log row; `user_string` names the actor as recorded at the time. */
export interface AuditLogEntry {
  id: Id;
  created_at: IsoDate;
  action: string;
  user_string: string;
}

/**
 * Query of `GET api/v1/audit_log_entries.json` (administrators; 403 otherwise). `filter` matches the
 * actor's name or e-mail (contains, case-insensitive, in `user_string` "Name (email)"), or, when it is
 * an id, that id only: a user's id gives that user's activity, the entries they made and the entries
 * made about them (added, updated, locked, unlocked, reset, removed). `order` is 'created_at desc'
 * (newest first, the default; a bare 'desc' means the same, 'created_at asc' or 'asc' oldest first).
 */
export interface AuditLogQuery {
  filter?: string;
  limit?: number;
  offset?: number;
  order?: string;
  everything?: boolean;
}

/** Answer of `GET api/v1/audit_log_entries.json`: one page and the total of matching entries. */
export type AuditLogResponse = ListResponse<AuditLogEntry>;
