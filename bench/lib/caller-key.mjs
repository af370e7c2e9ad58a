// How a SQL ceiling tells callers apart without keeping their tokens.
import { createHash } from 'node:crypto';

/** The SHA-256 (hex) of a request's Authorization header; '' when it has none. */
export function callerKey(authorization = '') {
  return createHash('sha256').update(authorization, 'utf8').digest('hex');
}
