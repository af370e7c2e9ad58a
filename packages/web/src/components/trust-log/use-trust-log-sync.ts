import { keyTrusted } from '../../keys/key-trust.js';
import { useStore } from '../../lib/create-store.js';
import { usePolling } from '../../lib/use-polling.js';
import type { TrustLogSync, VerifiedTrustLog } from '../../trust-log/sync-trust-log.js';
import { raiseTrustLogAlarm, type TrustLogView, trustLogStore } from '../../trust-log/trust-log-store.js';

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
    // A membership call made before the first sync answers waits for it (with-trust-entries.ts).
    trustLogStore.set((view) => ({ ...view, userId }));
    const syncing = import('../../trust-log/sync-trust-log.js').then(({ createTrustLogSync }) =>
      createTrustLogSync({ userId, organisationId }),
    );
    const publish = (log: VerifiedTrustLog | null, sync: TrustLogSync) => {
      if (stopped) return;
      const confirmGenesis = async () => {
        publish(await sync.confirmGenesis(), sync);
      };
      trustLogStore.set((view) => ({
        ...view,
        synced: true,
        log,
        confirmGenesis,
        sync: () => run(sync),
        userId,
      }));
    };
    // The people this administrator trusts join the log (admit-trusted-people.ts), one run at a time;
    // a refusal is tried again after the next sync.
    let admitting = false;
    const admit = () => {
      if (admitting || stopped) return;
      admitting = true;
      void import('../../trust-log/admit-trusted-people.js')
        .then(({ admitTrustedPeople }) => admitTrustedPeople(userId))
        .catch(() => undefined)
        .finally(() => {
          admitting = false;
        });
    };
    const unsubscribe = keyTrusted.subscribe(({ ownerId }) => {
      if (ownerId === userId && trustLogStore.get().log) admit();
    });
    // A sync, published; an alarm is raised and thrown (a membership call then sends nothing).
    const run = async (sync: TrustLogSync): Promise<VerifiedTrustLog | null> => {
      const alarm = trustLogStore.get().alarm;
      if (alarm) throw new Error(alarm.message);
      try {
        const log = await sync.sync();
        publish(log, sync);
        if (log) admit();
        return log;
      } catch (error) {
        const { isTrustLogAlarm } = await import('../../trust-log/trust-log-alarm.js');
        if (!stopped && isTrustLogAlarm(error)) raiseTrustLogAlarm(error.kind, error.message);
        throw error;
      }
    };
    // Anything but an alarm (the network, a lost session) is tried again at the next sync.
    const poll = () =>
      void syncing.then((sync) => {
        if (stopped || trustLogStore.get().alarm) return;
        return run(sync).catch(() => undefined);
      });
    return {
      poll,
      stop: () => {
        stopped = true;
        unsubscribe();
      },
    };
  });
  return useStore(trustLogStore);
}
