import { useStore } from '../../lib/create-store.js';
import { usePolling } from '../../lib/use-polling.js';
import { type TrustLogView, trustLogStore } from '../../trust-log/trust-log-store.js';

/** How often the trust log is synced while a tab is open (and at once, and when the tab returns). */
export const TRUST_LOG_SYNC_INTERVAL_MS = 5 * 60 * 1000;

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
  const key = subject ? `${subject.userId} ${subject.organisationId}` : null;
  usePolling(key, TRUST_LOG_SYNC_INTERVAL_MS, (started) => {
    const [userId = '', organisationId = ''] = started.split(' ');
    let stopped = false;
    const syncing = import('../../trust-log/sync-trust-log.js').then(({ createTrustLogSync }) =>
      createTrustLogSync({ userId, organisationId }),
    );
    const poll = () =>
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
    return {
      poll,
      stop: () => {
        stopped = true;
      },
    };
  });
  return useStore(trustLogStore);
}
