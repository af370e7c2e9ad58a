import type { SignedTrustEntry, TrustState } from '@coffer/core';
import { foldTrustLog } from '@coffer/core';

/*
 * The trust log's past states, for judging a secret header's author by the log as it stood when they
 * wrote (issue 30; docs/web.md, "The trust log"). Keeping every state would cost a copy per entry, so
 * the sync keeps one every SNAPSHOT_EVERY entries and the entries themselves; a past state is the
 * snapshot before it with the entries after it folded again (verified again: the fold has no other
 * way in, and it costs at most SNAPSHOT_EVERY signatures, once per seq asked).
 */

/** Entries between two kept states: the most a past state costs to fold. */
export const SNAPSHOT_EVERY = 256;

// Past states asked for recently: a list of headers made under a few seqs asks each many times.
const REMEMBERED_STATES = 16;

export interface TrustStateHistory {
  /** Folds `entries` after `from` (from genesis when null), keeping snapshots and entries on the way. */
  fold(entries: readonly SignedTrustEntry[], from: TrustState | null): Promise<TrustState>;
  /** The verified state after entry `seq`; throws RangeError for a seq this history has not folded. */
  stateAt(seq: number): Promise<TrustState>;
}

/** `every`: the snapshot interval (SNAPSHOT_EVERY; tests use a small one). */
export function createTrustStateHistory(every = SNAPSHOT_EVERY): TrustStateHistory {
  // Entry n is at index n: the sync folds from genesis in every page session.
  const entries: SignedTrustEntry[] = [];
  const snapshots: TrustState[] = [];
  const remembered = new Map<number, Promise<TrustState>>();
  let latest: TrustState | null = null;

  function nearestSnapshot(seq: number): TrustState | undefined {
    for (let index = snapshots.length - 1; index >= 0; index -= 1) {
      const snapshot = snapshots[index] as TrustState;
      if (snapshot.seq <= seq) return snapshot;
    }
    return undefined;
  }

  return {
    async fold(more, from) {
      let state = from;
      for (let start = 0; start < more.length; ) {
        // Cut where the next snapshot falls, so each lands exactly on a multiple of SNAPSHOT_EVERY.
        // Genesis alone first, so that the earliest states have a snapshot before them too.
        const untilSnapshot = state ? every - ((state.seq + 1) % every) : 1;
        const part = more.slice(start, start + untilSnapshot);
        state = await foldTrustLog(part, state ?? undefined);
        for (const signed of part) entries[signed.entry.seq] = signed;
        if ((state.seq + 1) % every === 0 || state.seq === 0) snapshots.push(state);
        start += part.length;
      }
      if (!state) throw new RangeError('Nothing to fold.');
      latest = state;
      return state;
    },
    stateAt(seq) {
      if (latest && seq === latest.seq) return Promise.resolve(latest);
      const snapshot = nearestSnapshot(seq);
      if (!snapshot || !latest || seq > latest.seq || seq < 0) {
        return Promise.reject(new RangeError(`The trust log has not been verified up to entry ${seq}.`));
      }
      let state = remembered.get(seq);
      if (!state) {
        state =
          snapshot.seq === seq
            ? Promise.resolve(snapshot)
            : foldTrustLog(entries.slice(snapshot.seq + 1, seq + 1), snapshot);
        remembered.set(seq, state);
        if (remembered.size > REMEMBERED_STATES) remembered.delete(remembered.keys().next().value as number);
      }
      return state;
    },
  };
}
