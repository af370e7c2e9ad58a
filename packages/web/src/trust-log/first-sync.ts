import { type TrustLogView, trustLogStore } from './trust-log-store.js';

// How long a call made right after sign-in waits for the session's first sync of the log.
const FIRST_SYNC_WAIT_MS = 10_000;

/**
 * The trust log view once the session's first sync has answered, when the shell has started one
 * (userId is set then), or after FIRST_SYNC_WAIT_MS: a membership call sent without entries where a
 * log exists is refused by the server, and a secret read before its log is verified would be judged
 * by nothing.
 */
export function firstSync(): Promise<TrustLogView> {
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
