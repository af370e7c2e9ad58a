import type { AuditLogQuery, AuditLogResponse } from '@coffer/core';
import { ACTIVITY_LOG_PAGE_SIZE, AUDIT_LOG_FETCH_LIMIT, AUDIT_LOG_ORDER } from '@coffer/core';
import { requestOrThrow } from './api-client.js';
import type { PagePosition } from './paging.js';

/**
 * One page of a user's activity (spec section 7: filter by the user's id, limit 10, offset, newest
 * first): the entries they made and those made about them. After the first page, the server's
 * cursor when it gave one, else the offset.
 */
export function listUserActivity(
  userId: string,
  position: PagePosition,
  signal?: AbortSignal,
): Promise<AuditLogResponse> {
  const query: AuditLogQuery & { cursor?: string } = {
    filter: userId,
    limit: ACTIVITY_LOG_PAGE_SIZE,
    ...position,
    order: AUDIT_LOG_ORDER,
  };
  return requestOrThrow<AuditLogResponse>('/api/v1/audit_log_entries.json', {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}

/**
 * The organisation's latest audit entries for the settings' Audit Log (spec section 7: filter,
 * limit 200, offset 0, order desc, i.e. newest first): one fetch, no paging.
 */
export function listRecentAuditLog(filter: string, signal?: AbortSignal): Promise<AuditLogResponse> {
  const query: AuditLogQuery = {
    filter,
    limit: AUDIT_LOG_FETCH_LIMIT,
    offset: 0,
    order: 'desc',
  };
  return requestOrThrow<AuditLogResponse>('/api/v1/audit_log_entries.json', {
    query: { ...query },
    ...(signal ? { signal } : {}),
  });
}
