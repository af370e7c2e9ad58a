import type { TrustState } from '@coffer/core';
import { sessionCleared } from '../lib/clear-session.js';
import { createStore } from '../lib/create-store.js';
import type { TrustLogAlarmKind } from './trust-log-alarm.js';

/** What the page knows of the trust log: the verified state (null: no log, or not synced yet) and any alarm. */
export interface TrustLogView {
  state: TrustState | null;
  alarm: { kind: TrustLogAlarmKind; message: string } | null;
}

/**
 * The trust log as this page last verified it. An alarm stays until the session ends: a log that
 * was rolled back or forked once is not trusted again because a later answer looks right.
 */
export const trustLogStore = createStore<TrustLogView>({ state: null, alarm: null });

sessionCleared.subscribe(() => trustLogStore.set({ state: null, alarm: null }));
