import type { KeyEndorsementResponse } from '@coffer/core';
import { requestOrThrow } from './api-client.js';

/**
 * A colleague's public key and the endorsement of their last key rotation (any signed-in user of
 * the organisation; docs/server.md). The server's say-so only: keys/rotation-trust-rule.ts verifies
 * it against the key this browser trusted before using it.
 */
export function fetchKeyEndorsement(userId: string): Promise<KeyEndorsementResponse> {
  return requestOrThrow<KeyEndorsementResponse>(
    `/api/v1/users/${encodeURIComponent(userId)}/key_endorsement.json`,
  );
}
