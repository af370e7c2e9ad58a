// The organisation trust log's API shapes (docs/server.md, "Trust log"; docs/crypto.md).
import type { SignedTrustEntry } from '../trust-log/trust-entry.js';

/** A stored entry as GET /api/v1/trust_log answers it: the signed entry, its seq and its hash. */
export interface TrustLogItem extends SignedTrustEntry {
  seq: number;
  hash: string;
}

/** One page of the log after `after`, in order, and where the log ends now (null before genesis). */
export interface TrustLogResponse {
  items: TrustLogItem[];
  head: { seq: number; hash: string } | null;
}

/** Query of GET /api/v1/trust_log: entries with seq above `after` (all when absent). */
export interface TrustLogQuery {
  after?: number;
}
