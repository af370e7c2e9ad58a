import type { SignedTrustEntry } from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import { loadSigningKey } from '../keys/key-store.js';
import { firstSync } from './first-sync.js';
import type { MembershipIntent } from './membership-intent.js';
import { signTrustIntents, TrustChangeRefused } from './sign-trust-changes.js';
import { trustLogMoved, trustLogStore } from './trust-log-store.js';

// The server's 409 when another entry took the place first (server trust-log-service.ts); other 409s
// (a name taken, readers changed) are the call's own.
const isMoved = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  error.serverMessage?.startsWith('The trust log has moved on') === true;

/** The entries a membership call sends: none while the organisation has no log. */
export type TrustEntries = SignedTrustEntry[] | undefined;

/**
 * Makes a membership call with the signed entries that say what it does (docs/web.md, "Membership
 * calls carry their entries"): the log is synced and verified first, the entries are signed after
 * its head, and the server applies the change and appends them in one transaction. When another
 * entry took the place first (409), the log is synced and the entries signed once more. An
 * administrator is never asked anything: the signing key was unlocked with the password.
 */
export async function withTrustEntries<T>(
  intents: readonly MembershipIntent[],
  send: (entries: TrustEntries) => Promise<T>,
): Promise<T> {
  const attempt = async (): Promise<T> => {
    const view = await firstSync();
    if (view.alarm) throw new TrustChangeRefused(view.alarm.message);
    const log = view.sync ? await view.sync() : null;
    if (!log || !view.userId) return send(undefined);
    const signingKey = await loadSigningKey();
    if (!signingKey) throw new TrustChangeRefused('Sign in again to change who may read.');
    const entries = await signTrustIntents(log.state, { userId: view.userId, signingKey }, intents);
    return send(entries.length > 0 ? entries : undefined);
  };
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!isMoved(error)) throw error;
    result = await attempt();
  }
  // The log moved by these entries: the page's copy follows before the next wrap, and the reshare looks.
  void trustLogStore
    .get()
    .sync?.()
    .then(() => trustLogMoved.emit())
    .catch(() => undefined);
  return result;
}
