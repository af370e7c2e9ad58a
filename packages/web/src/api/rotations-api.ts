import type { RotationListResponse, RotationQuery } from '@coffer/core';
import { PAGE_SIZE } from '@coffer/core';
import { requestOrThrow } from './api-client.js';
import type { PagePosition } from './paging.js';

/** How the rotation list is grouped: by the person who lost access, or by chest. */
export type RotationGrouping = 'person' | 'chest';

/** The server order that keeps a grouping's rows together. */
const GROUP_ORDER: Record<RotationGrouping, string> = {
  person: 'user_name asc',
  chest: 'vault_name asc',
};

/**
 * One page of the rotation list (issue 31): administrators every row, chest managers their chests'
 * (403 for anyone else), with the progress totals.
 */
export function listRotations(
  grouping: RotationGrouping,
  position: PagePosition,
  signal?: AbortSignal,
): Promise<RotationListResponse> {
  const query: RotationQuery = { limit: PAGE_SIZE, order: GROUP_ORDER[grouping], ...position };
  return requestOrThrow<RotationListResponse>('/api/v1/rotations.json', {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/** 'Mark as not needing rotation' with the reason the audit log keeps. */
export function dismissRotation(id: string, reason: string): Promise<unknown> {
  return requestOrThrow(`/api/v1/rotations/${encodeURIComponent(id)}/dismiss.json`, {
    method: 'POST',
    body: { reason },
  });
}
