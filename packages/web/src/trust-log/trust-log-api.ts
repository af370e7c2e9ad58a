import type {
  SignedTrustEntry,
  TrustCheckpointBlob,
  TrustCheckpointUpdate,
  TrustLogItem,
  TrustLogResponse,
} from '@coffer/core';
import { requestOrThrow } from '../api/api-client.js';

// The organisation trust log's calls (docs/server.md, "Trust log"); what they answer is checked by
// the caller (sync-trust-log.ts), never trusted as it comes.

/** `GET /api/v1/trust_log?after=`: the entries after `after` (from genesis when absent), a page at a time. */
export function fetchTrustLog(after: number | undefined, signal?: AbortSignal): Promise<TrustLogResponse> {
  return requestOrThrow<TrustLogResponse>('/api/v1/trust_log', {
    query: { after },
    ...(signal ? { signal } : {}),
  });
}

/** `GET /api/v1/trust_log/checkpoint.json`: the caller's own signed checkpoint (nulls before the first). */
export function fetchTrustCheckpoint(signal?: AbortSignal): Promise<TrustCheckpointBlob> {
  return requestOrThrow<TrustCheckpointBlob>('/api/v1/trust_log/checkpoint.json', signal ? { signal } : {});
}

/** `PUT /api/v1/trust_log/checkpoint.json {seq, signed}`: 409 when a later one is stored already. */
export function saveTrustCheckpoint(seq: number, signed: string): Promise<TrustCheckpointBlob> {
  return requestOrThrow<TrustCheckpointBlob>('/api/v1/trust_log/checkpoint.json', {
    method: 'PUT',
    body: { seq, signed } satisfies TrustCheckpointUpdate,
  });
}

/** `POST /api/v1/trust_log {entries}`: appended together, only if they describe the server's rows. */
export function appendTrustEntries(entries: SignedTrustEntry[]): Promise<{ items: TrustLogItem[] }> {
  return requestOrThrow<{ items: TrustLogItem[] }>('/api/v1/trust_log', {
    method: 'POST',
    body: { entries },
  });
}
