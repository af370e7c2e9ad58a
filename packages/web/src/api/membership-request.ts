import type { MembershipIntent } from '../trust-log/membership-intent.js';
import { withTrustEntries } from '../trust-log/with-trust-entries.js';
import { requestOrThrow } from './api-client.js';

/**
 * A call that changes who may read (docs/web.md, "Membership calls carry their entries"): sent with
 * the signed trust-log entries that say `intents` once the organisation has a log, as
 * `trust_entries` beside the body; without a log, exactly the call it always was. Every membership
 * call of the admin area goes through here, so none can leave the log behind.
 */
export function membershipRequest<T>(
  path: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  body: Record<string, unknown> | undefined,
  intents: readonly MembershipIntent[],
): Promise<T> {
  return withTrustEntries(intents, (entries) => {
    const sent = entries ? { ...body, trust_entries: entries } : body;
    return requestOrThrow<T>(path, { method, ...(sent ? { body: sent } : {}) });
  });
}
