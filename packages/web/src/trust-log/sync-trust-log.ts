import type { SignedTrustEntry, TrustCheckpoint, TrustLogItem, TrustState } from '@coffer/core';
import {
  isTrustLogError,
  openTrustCheckpoint,
  parseSignedTrustEntry,
  signTrustCheckpoint,
} from '@coffer/core';
import { ApiError } from '../api/api-error.js';
import { provenOwnPublicKey } from '../crypto-client/proven-own-key.js';
import { loadSigningKey } from '../keys/key-store.js';
import { readLocalCheckpoint, storeLocalCheckpoint } from './local-checkpoint.js';
import {
  forkMessage,
  GENESIS_CHANGED_MESSAGE,
  invalidEntryMessage,
  OTHER_ORGANISATION_MESSAGE,
  rollbackMessage,
  TrustLogAlarm,
} from './trust-log-alarm.js';
import { fetchTrustCheckpoint, fetchTrustLog, saveTrustCheckpoint } from './trust-log-api.js';
import { createTrustStateHistory, type TrustStateHistory } from './trust-state-history.js';

/*
 * The browser's copy of the organisation trust log (issue 30; docs/web.md, "The trust log"): read
 * from the server after the last entry verified, every entry checked by core's fold, and compared
 * with the user's checkpoint (this browser's, or the one the user signed on the server from another
 * browser) so that a log older than, or forked from, one the user verified is a blocking alarm. The
 * state is kept in memory between syncs, so a sync reads and verifies only what is new.
 */

/** Whose log this is. */
export interface TrustLogOwner {
  userId: string;
  organisationId: string;
}

/** The log as verified: its state, its genesis, and whether this user confirmed that genesis. */
export interface VerifiedTrustLog {
  state: TrustState;
  /** The hash of entry 0: the organisation's fingerprint (core's trustLogFingerprint). */
  genesis: string;
  /** Compared with the owner's and found the same (the owner who signed it: from the start). */
  confirmed: boolean;
  /** The verified state after entry `seq` (≤ state.seq): a header's author is judged by it. */
  stateAt: (seq: number) => Promise<TrustState>;
}

export interface TrustLogSync {
  /** The verified log (null while the organisation has no log); throws a TrustLogAlarm. */
  sync(signal?: AbortSignal): Promise<VerifiedTrustLog | null>;
  /** Records, in both checkpoints, that the user found the organisation's fingerprint the owner's. */
  confirmGenesis(): Promise<VerifiedTrustLog | null>;
}

function later(a: TrustCheckpoint | null, b: TrustCheckpoint | null): TrustCheckpoint | null {
  if (!a || !b) return a ?? b;
  if (a.seq === b.seq && a.head !== b.head) throw new TrustLogAlarm('fork', forkMessage(a.seq));
  return a.seq >= b.seq ? a : b;
}

// How many entries after `state` reach the checkpoint's (0 or less when it is not ahead).
function entriesUpTo(known: TrustCheckpoint | null, state: TrustState | null): number {
  if (!known) return 0;
  return state ? known.seq - state.seq : known.seq + 1;
}

function parseItem(item: TrustLogItem): SignedTrustEntry {
  try {
    return parseSignedTrustEntry({ entry: item?.entry, sig: item?.sig });
  } catch (error) {
    if (isTrustLogError(error)) throw new TrustLogAlarm('invalid', invalidEntryMessage(error));
    throw error;
  }
}

async function fold(
  history: TrustStateHistory,
  entries: readonly SignedTrustEntry[],
  from: TrustState | null,
): Promise<TrustState> {
  try {
    return await history.fold(entries, from);
  } catch (error) {
    if (isTrustLogError(error)) throw new TrustLogAlarm('invalid', invalidEntryMessage(error));
    throw error;
  }
}

// The genesis a user confirmed, from either checkpoint; two different ones cannot both be theirs.
function confirmedGenesis(...checkpoints: (TrustCheckpoint | null)[]): string | null {
  const found = [
    ...new Set(checkpoints.flatMap((checkpoint) => (checkpoint?.genesis ? [checkpoint.genesis] : []))),
  ];
  if (found.length > 1) throw new TrustLogAlarm('fork', GENESIS_CHANGED_MESSAGE);
  return found[0] ?? null;
}

export function createTrustLogSync(owner: TrustLogOwner): TrustLogSync {
  let verified: VerifiedTrustLog | null = null;
  const history = createTrustStateHistory();
  // Where the server's signed copy stands, once read: written again only when the log moved past it
  // or the confirmation is new.
  let remote: { seq: number | null; genesis: string | null } | undefined;
  let running: Promise<VerifiedTrustLog | null> | null = null;
  // The genesis is the user's own (they signed it), or they confirmed it in this page.
  let ownGenesis = false;

  // The user's checkpoint on the server, when it opens as theirs. One that does not is left unused
  // and replaced: the server could as well have withheld it, and an old key's signature (before a
  // password change) is not tampering.
  async function remoteCheckpoint(signal?: AbortSignal): Promise<TrustCheckpoint | null> {
    // The own key is proven while the checkpoint travels: neither waits for the other.
    const proving = provenOwnPublicKey(owner.userId);
    proving.catch(() => undefined);
    const stored = await fetchTrustCheckpoint(signal).catch(() => null);
    remote = { seq: stored?.seq ?? null, genesis: null };
    if (!stored?.signed) return null;
    try {
      const publicKey = await proving;
      const opened = await openTrustCheckpoint(stored.signed, publicKey, {
        org: owner.organisationId,
        user: owner.userId,
      });
      remote = { seq: opened.seq, genesis: opened.genesis };
      return opened;
    } catch {
      remote = { seq: null, genesis: null };
      return null;
    }
  }

  async function keep(log: VerifiedTrustLog): Promise<void> {
    const { state } = log;
    const checkpoint: TrustCheckpoint = {
      org: state.org,
      user: owner.userId,
      seq: state.seq,
      head: state.head,
      genesis: log.confirmed ? log.genesis : null,
    };
    await storeLocalCheckpoint(checkpoint);
    const current =
      remote?.seq !== null &&
      remote?.seq !== undefined &&
      remote.seq >= state.seq &&
      remote.genesis === checkpoint.genesis;
    if (current) return;
    const signingKey = await loadSigningKey();
    if (!signingKey) return;
    try {
      const saved = await saveTrustCheckpoint(state.seq, await signTrustCheckpoint(signingKey, checkpoint));
      remote = { seq: saved.seq, genesis: checkpoint.genesis };
    } catch (error) {
      // 409: another browser of this user got further; the next sync reads its checkpoint.
      if (!(error instanceof ApiError)) throw error;
    }
  }

  async function run(signal?: AbortSignal): Promise<VerifiedTrustLog | null> {
    // The first page of the log travels while the checkpoints are read: it needs neither.
    let nextPage: ReturnType<typeof fetchTrustLog> | null = fetchTrustLog(verified?.state.seq, signal);
    nextPage.catch(() => undefined);
    const [local, remoteOne] = await Promise.all([
      readLocalCheckpoint(owner.userId),
      remoteCheckpoint(signal),
    ]);
    const mine = local?.org === owner.organisationId ? local : null;
    const known = later(mine, remoteOne);
    const confirmed = confirmedGenesis(mine, remoteOne);
    let state = verified?.state ?? null;
    let genesis = verified?.genesis ?? null;
    let served: number | null = null;
    for (;;) {
      const page = await (nextPage ?? fetchTrustLog(state?.seq, signal));
      nextPage = null;
      served = page.head?.seq ?? null;
      const items = Array.isArray(page.items) ? page.items.map(parseItem) : [];
      if (items.length === 0) break;
      // Folded in two parts around the checkpoint, so its entry's hash is compared as it passes.
      const cut = entriesUpTo(known, state);
      const parts = cut > 0 && cut < items.length ? [items.slice(0, cut), items.slice(cut)] : [items];
      const fromGenesis = state === null;
      let folded = state;
      for (const part of parts) {
        folded = await fold(history, part, folded);
        if (folded.org !== owner.organisationId)
          throw new TrustLogAlarm('invalid', OTHER_ORGANISATION_MESSAGE);
        if (known && folded.seq === known.seq && folded.head !== known.head)
          throw new TrustLogAlarm('fork', forkMessage(known.seq));
      }
      if (fromGenesis && folded) {
        // Entry 1's prev is entry 0's hash (the fold checked it); a log of one entry ends at it.
        genesis = items[1]?.entry.prev ?? folded.head;
        ownGenesis = items[0]?.entry.actor === owner.userId;
      }
      state = folded;
      if (served === null || (state && state.seq >= served)) break;
    }
    if (known && (!state || state.seq < known.seq))
      throw new TrustLogAlarm('rollback', rollbackMessage(state ? state.seq : served, known.seq));
    if (state && (served === null || served < state.seq))
      throw new TrustLogAlarm('rollback', rollbackMessage(served, state.seq));
    if (!state || !genesis) return null;
    if (confirmed && confirmed !== genesis) throw new TrustLogAlarm('fork', GENESIS_CHANGED_MESSAGE);
    verified = { state, genesis, confirmed: ownGenesis || confirmed === genesis, stateAt: history.stateAt };
    await keep(verified);
    return verified;
  }

  return {
    // One sync at a time: a second caller waits for the one running.
    sync(signal) {
      if (!running) running = run(signal).finally(() => (running = null));
      return running;
    },
    async confirmGenesis() {
      const log = (await running?.catch(() => null)) ?? verified;
      if (!log) return null;
      ownGenesis = true;
      verified = { ...log, confirmed: true };
      await keep(verified);
      return verified;
    },
  };
}
