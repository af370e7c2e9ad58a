import { useStore } from '../../lib/create-store.js';
import { usePolling } from '../../lib/use-polling.js';
import type { TrustLogSync, VerifiedTrustLog } from '../../trust-log/sync-trust-log.js';
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
    const publish = (log: VerifiedTrustLog | null, sync: TrustLogSync) => {
      if (stopped) return;
      const confirmGenesis = async () => {
        publish(await sync.confirmGenesis(), sync);
      };
      trustLogStore.set((view) => ({ ...view, synced: true, log, confirmGenesis }));
    };
    const poll = () =>
      void syncing.then(async (sync) => {
        if (stopped || trustLogStore.get().alarm) return;
        try {
          publish(await sync.sync(), sync);
        } catch (error) {
          const { isTrustLogAlarm } = await import('../../trust-log/trust-log-alarm.js');
          // Anything else (the network, a lost session) is tried again at the next sync.
          if (!stopped && isTrustLogAlarm(error))
            trustLogStore.set({
              synced: true,
              log: null,
              confirmGenesis: null,
              alarm: { kind: error.kind, message: error.message },
            });
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
