import { sessionCleared } from '../lib/clear-session.js';
import { createEvent } from '../lib/create-event.js';
import { createStore } from '../lib/create-store.js';
import type { VerifiedTrustLog } from './sync-trust-log.js';
import type { TrustLogAlarmKind } from './trust-log-alarm.js';

/** What the page knows of the trust log: the verified log (null: no log, or not synced yet) and any alarm. */
export interface TrustLogView {
  /** Whether a sync has answered in this session (with a log, or with none). */
  synced: boolean;
  log: VerifiedTrustLog | null;
  alarm: { kind: TrustLogAlarmKind; message: string } | null;
  /** Records that the user found the organisation's fingerprint the owner's (null before a sync). */
  confirmGenesis: (() => Promise<void>) | null;
  /** Syncs and verifies now (before a membership call signs after the head); null before the first sync. */
  sync: (() => Promise<VerifiedTrustLog | null>) | null;
  /** Whose log it is: the signed-in user, from the moment the shell starts syncing it (null: no sync). */
  userId: string | null;
}

const EMPTY: TrustLogView = {
  synced: false,
  log: null,
  alarm: null,
  confirmGenesis: null,
  sync: null,
  userId: null,
};

/**
 * The trust log as this page last verified it. An alarm stays until the session ends: a log that
 * was rolled back or forked once is not trusted again because a later answer looks right.
 */
export const trustLogStore = createStore<TrustLogView>(EMPTY);

/**
 * Fired after this browser's own entries landed (a membership call, an admission): who reads may have
 * changed, so the background reshare looks for missing keys at once rather than at its next poll.
 */
export const trustLogMoved = createEvent<void>();

/** Raises the blocking alarm: the log is dropped, and nothing signs or wraps after it in this session. */
export function raiseTrustLogAlarm(kind: TrustLogAlarmKind, message: string): void {
  trustLogStore.set({ ...EMPTY, synced: true, alarm: { kind, message } });
}

/** Forgets the session's log (its end; a test's start). */
export function resetTrustLogView(): void {
  trustLogStore.set(EMPTY);
}

sessionCleared.subscribe(resetTrustLogView);
