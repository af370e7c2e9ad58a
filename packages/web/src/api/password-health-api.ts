import type { ClientConfig, HealthDismissalsBlob, HealthDismissalsUpdate } from '@coffer/core';
import { requestOrThrow } from './api-client.js';

// Password health (issue 31): the server's settings for it and the caller's own sealed dismissals.

/** `GET /api/v1/client_config.json`: where the breach range API is (HIBP_RANGE_URL), or null when off. */
export function fetchClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return requestOrThrow<ClientConfig>('/api/v1/client_config.json', signal ? { signal } : {});
}

/** `GET /api/v1/health_dismissals.json`: the caller's own sealed blob (null before the first save). */
export function fetchHealthDismissals(signal?: AbortSignal): Promise<HealthDismissalsBlob> {
  return requestOrThrow<HealthDismissalsBlob>('/api/v1/health_dismissals.json', signal ? { signal } : {});
}

/** `PUT /api/v1/health_dismissals.json {sealed}`: replaces the caller's own sealed blob. */
export function saveHealthDismissals(sealed: string): Promise<HealthDismissalsBlob> {
  const body: HealthDismissalsUpdate = { sealed };
  return requestOrThrow<HealthDismissalsBlob>('/api/v1/health_dismissals.json', { method: 'PUT', body });
}
