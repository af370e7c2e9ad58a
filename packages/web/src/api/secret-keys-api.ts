import type { ReshareAllResponse, ReshareKeyAttributes } from '@coffer/core';
import { requestOrThrow } from './api-client.js';

/** Which missing keys to ask for: all of them, or those of one team or user. */
export type ReshareScope = { kind: 'all' } | { kind: 'team'; id: string } | { kind: 'user'; id: string };

const BASE = '/api/v1/secret_keys';

/**
 * Missing pairs the caller can fill: each holds the caller's own wrapped key (`encrypted_value`)
 * and the public key of the user who lacks one.
 */
export function fetchMissingKeys(
  scope: ReshareScope = { kind: 'all' },
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<ReshareAllResponse> {
  const query = { limit: options.limit };
  const signal = options.signal ? { signal: options.signal } : {};
  if (scope.kind === 'all')
    return requestOrThrow<ReshareAllResponse>(`${BASE}/reshare_all.json`, { query, ...signal });
  return requestOrThrow<ReshareAllResponse>(`${BASE}/reshare_${scope.kind}.json`, {
    method: 'POST',
    body: { id: scope.id },
    query,
    ...signal,
  });
}

/** How many keys are missing in all (the list itself is left out: one pair at most is sent). */
export async function countMissingKeys(signal?: AbortSignal): Promise<number> {
  const answer = await fetchMissingKeys({ kind: 'all' }, { limit: 1, ...(signal ? { signal } : {}) });
  return typeof answer.total === 'number' ? answer.total : 0;
}

/** Delivers rewrapped keys; answers how many the server stored. */
export async function deliverKeyShares(shares: ReshareKeyAttributes[]): Promise<number> {
  const answer = await requestOrThrow<{ count?: number } | null>(`${BASE}/reshare.json`, {
    method: 'POST',
    body: { key_reshare_handler: { secret_keys_attributes: shares } },
  });
  return typeof answer?.count === 'number' ? answer.count : shares.length;
}

/**
 * `POST /api/v1/secret_keys/{secret_id}/broken.json` (api.md): the caller's own wrapped key of the
 * secret does not open. The server drops it, so it shows as missing for administrators to reshare.
 */
export async function reportBrokenKey(secretId: string): Promise<void> {
  await requestOrThrow(`${BASE}/${encodeURIComponent(secretId)}/broken.json`, { method: 'POST' });
}
