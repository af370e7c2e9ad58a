import type { SignedTrustEntry } from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import { loadSigningKey } from '../keys/key-store.js';
import type { MembershipIntent } from './membership-intent.js';
import { signTrustIntents, TrustChangeRefused } from './sign-trust-changes.js';
import { type TrustLogView, trustLogMoved, trustLogStore } from './trust-log-store.js';

// The server's 409 when another entry took the place first (server trust-log-service.ts); other 409s
// (a name taken, readers changed) are the call's own.
const isMoved = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  error.serverMessage?.startsWith('The trust log has moved on') === true;

/** The entries a membership call sends: none while the organisation has no log. */
export type TrustEntries = SignedTrustEntry[] | undefined;

// How long a call made right after sign-in waits for the session's first sync of the log.
const FIRST_SYNC_WAIT_MS = 10_000;

// The view once the session's first sync has answered, when the shell has started one (userId is
// set then), or after FIRST_SYNC_WAIT_MS: a call sent without entries where a log exists is refused by
// the server, never applied without them.
function firstSync(): Promise<TrustLogView> {
  const ready = (view: TrustLogView) => view.synced || view.alarm !== null || view.userId === null;
  if (ready(trustLogStore.get())) return Promise.resolve(trustLogStore.get());
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve(trustLogStore.get());
    };
    const timer = setTimeout(done, FIRST_SYNC_WAIT_MS);
    const unsubscribe = trustLogStore.subscribe(() => {
      if (ready(trustLogStore.get())) done();
    });
  });
}

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
