import { useEffect } from 'react';
import { useStore } from '../../lib/create-store.js';
import { type TrustLogView, trustLogStore } from '../../trust-log/trust-log-store.js';

/** How often the trust log is synced while a tab is open (and at focus, and before any wrap). */
export const TRUST_LOG_SYNC_INTERVAL_MS = 5 * 60 * 1000;
// Focus and visibility syncs closer together than this are folded into one.
const FOCUS_SYNC_GAP_MS = 5_000;

/** Whose log to sync: the signed-in user and their organisation. */
export interface TrustLogSubject {
  userId: string;
  organisationId: string;
}

/**
 * While `subject` is set: syncs and verifies the organisation's trust log at once (the unlock),
 * every TRUST_LOG_SYNC_INTERVAL_MS, and when the tab comes back, into trustLogStore. Answers what the
 * store holds. The sync (core's fold, the crypto client) loads on demand, outside the shell's first
 * download.
 */
export function useTrustLogSync(subject: TrustLogSubject | null): TrustLogView {
  const userId = subject?.userId ?? null;
  const organisationId = subject?.organisationId ?? null;
  useEffect(() => {
    if (!userId || !organisationId) return;
    let stopped = false;
    let lastFocusSync = 0;
    const syncing = import('../../trust-log/sync-trust-log.js').then(({ createTrustLogSync }) =>
      createTrustLogSync({ userId, organisationId }),
    );
    const sync = () =>
      void syncing.then(async (log) => {
        if (stopped || trustLogStore.get().alarm) return;
        try {
          const state = await log.sync();
          if (!stopped) trustLogStore.set((view) => ({ ...view, state }));
        } catch (error) {
          const { isTrustLogAlarm } = await import('../../trust-log/trust-log-alarm.js');
          // Anything else (the network, a lost session) is tried again at the next sync.
          if (!stopped && isTrustLogAlarm(error))
            trustLogStore.set({ state: null, alarm: { kind: error.kind, message: error.message } });
        }
      });
    const syncOnReturn = () => {
      if (document.visibilityState === 'hidden' || Date.now() - lastFocusSync < FOCUS_SYNC_GAP_MS) return;
      lastFocusSync = Date.now();
      sync();
    };
    sync();
    const timer = setInterval(sync, TRUST_LOG_SYNC_INTERVAL_MS);
    window.addEventListener('focus', syncOnReturn);
    document.addEventListener('visibilitychange', syncOnReturn);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', syncOnReturn);
      document.removeEventListener('visibilitychange', syncOnReturn);
    };
  }, [userId, organisationId]);
  return useStore(trustLogStore);
}
