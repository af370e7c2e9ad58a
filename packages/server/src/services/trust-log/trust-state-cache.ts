import {
  foldTrustLog,
  parseSignedTrustEntry,
  type SignedTrustEntry,
  TRUST_LOG_PAGE_MAX,
  type TrustState,
} from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  listTrustLogRows,
  type TrustLogHead,
  type TrustLogRow,
} from '../../repositories/trust-log-repository.js';

/*
 * The folded state of each organisation's trust log, kept per process so that an append verifies one
 * entry rather than the whole log. A kept state is used only while it is a prefix of the stored log:
 * the entries after it are folded on (the fold checks that they chain onto it), and a state that
 * does not chain (another process appended, or the log was replaced) is dropped and the log folded
 * from genesis again. Entries were verified when appended; folding them again costs only on a miss.
 */

// Organisations kept; the oldest kept is dropped first.
const KEPT_MAX = 200;
const kept = new Map<string, TrustState>();

/** A stored row as a signed entry (the entry column holds its canonical JSON). */
export function signedEntryOfRow(row: TrustLogRow): SignedTrustEntry {
  return parseSignedTrustEntry({ entry: JSON.parse(row.entry), sig: row.sig });
}

async function foldAfter(
  db: Kysely<Database>,
  organisationId: string,
  from: TrustState | undefined,
  head: TrustLogHead,
): Promise<TrustState> {
  let state = from;
  while (!state || state.seq < head.seq) {
    // Up to `head` only: another append may have committed entries after it since it was read.
    const rows = (
      await listTrustLogRows(db, organisationId, state ? state.seq : -1, TRUST_LOG_PAGE_MAX)
    ).filter((row) => row.seq <= head.seq);
    if (rows.length === 0) break;
    state = await foldTrustLog(rows.map(signedEntryOfRow), state);
  }
  if (!state || state.seq !== head.seq || state.head !== head.hash) {
    throw new Error('The stored trust log does not fold to its own head.');
  }
  return state;
}

/** The organisation's state after the stored entry `head` (from the kept state when it still chains). */
export async function trustStateAt(
  db: Kysely<Database>,
  organisationId: string,
  head: TrustLogHead,
): Promise<TrustState> {
  const known = kept.get(organisationId);
  if (known && known.seq === head.seq && known.head === head.hash) return known;
  let state: TrustState;
  try {
    state = await foldAfter(db, organisationId, known && known.seq < head.seq ? known : undefined, head);
  } catch (error) {
    if (!known) throw error;
    state = await foldAfter(db, organisationId, undefined, head);
  }
  keepTrustState(organisationId, state);
  return state;
}

/** Keeps the state after a committed append, for the next one. */
export function keepTrustState(organisationId: string, state: TrustState): void {
  kept.delete(organisationId);
  kept.set(organisationId, state);
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value as string);
}
