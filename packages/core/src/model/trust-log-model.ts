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

/**
 * `GET` and `PUT api/v1/trust_log/checkpoint.json`: the caller's own checkpoint of the log their browser
 * verified, `{org, user, seq, head}` signed with the caller's own key (core's signTrustCheckpoint), so
 * the server can keep it but not make one; `seq` also in clear, which orders it. A new browser of the
 * same user starts from it; a log served older than it is an alarm. Both null until the first PUT.
 */
export interface TrustCheckpointBlob {
  seq: number | null;
  signed: string | null;
}

/** Body of `PUT api/v1/trust_log/checkpoint.json`: a seq below the stored one is a 409. */
export interface TrustCheckpointUpdate {
  seq: number;
  signed: string;
}
