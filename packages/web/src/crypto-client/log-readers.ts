import type { KeyShare, PublicKeyEntry, TrustState } from '@coffer/core';
import { activeUser, isSecretHeaderError, readers, verifyListedSecretHeader } from '@coffer/core';
import { fetchChestPublicKeys } from '../api/vaults-api.js';
import type { VerifiedTrustLog } from '../trust-log/sync-trust-log.js';
import { PAIR_HEADER_ALARM_MESSAGE, readerAlarmMessage } from '../trust-log/trust-log-alarm.js';
import { raiseTrustLogAlarm, trustLogStore } from '../trust-log/trust-log-store.js';
import { seenRevisions } from './revision-memory.js';
import { SecretAccessError } from './secret-access-error.js';

/*
 * Who a wrap is for, once the organisation has a trust log (issue 30; docs/web.md, "Wraps follow the
 * log"): the readers the verified log gives the chest (core's readers), each with the key the log
 * binds. The server's list is a hint: someone it names whom the log does not make a reader (an
 * insider the server slipped into a chest, R10 and R11) is a blocking alarm naming them, and nothing
 * is wrapped. Before alarming, the log is synced once, since a colleague may have just been added.
 */

function unexpected(state: TrustState, listed: readonly PublicKeyEntry[], chest: string, hidden: boolean) {
  const expected = readers(state, chest, hidden);
  return listed.filter((reader) => !expected.has(reader.user_id));
}

function fromLog(state: TrustState, chest: string, hidden: boolean): PublicKeyEntry[] {
  return [...readers(state, chest, hidden)].sort().map((userId) => ({
    user_id: userId,
    public_key: activeUser(state, userId)?.publicKey as string,
  }));
}

/**
 * The readers to wrap a secret of `chest` for: the server's list while the organisation has no
 * log; else the log's readers with the log's keys. Throws (and raises the alarm) for a reader the
 * server lists whom the log does not.
 */
export async function readersForWrap(chest: string, hidden: boolean): Promise<PublicKeyEntry[]> {
  const listed = await fetchChestPublicKeys(chest, hidden);
  const view = trustLogStore.get();
  if (view.alarm) throw new SecretAccessError('unconfirmed', view.alarm.message);
  let state = view.log?.state;
  if (!state) return listed;
  const differs = (known: TrustState) =>
    unexpected(known, listed, chest, hidden).length > 0 ||
    fromLog(known, chest, hidden).length !== listed.length;
  if (differs(state)) state = (await view.sync?.())?.state ?? state;
  const extra = unexpected(state, listed, chest, hidden)[0];
  if (extra) {
    const message = readerAlarmMessage(state.users.get(extra.user_id)?.email ?? null, extra.user_id);
    raiseTrustLogAlarm('reader', message);
    throw new SecretAccessError('unconfirmed', message);
  }
  return fromLog(state, chest, hidden);
}

/** A missing-key pair with the chest and hidden flag of its secret, as the server lists them. */
type PlacedPair = KeyShare & { vault_id?: string; hidden?: boolean };

// The pairs whose user the log does not make a reader of the pair's secret (a pair that does not say
// where its secret is cannot be checked, so it is one of them).
function strayPairs(state: TrustState, pairs: readonly PlacedPair[]): PlacedPair[] {
  const readersOf = new Map<string, Set<string>>();
  return pairs.filter((pair) => {
    if (pair.vault_id === undefined) return true;
    const hidden = pair.hidden === true;
    const place = `${pair.vault_id}\n${hidden}`;
    let allowed = readersOf.get(place);
    if (!allowed) {
      allowed = readers(state, pair.vault_id, hidden);
      readersOf.set(place, allowed);
    }
    return !allowed.has(pair.user_id);
  });
}

/**
 * Before a reshare wraps the missing keys the server listed (issue 30, "Reshare gate"): once the
 * organisation has a log, every pair's user must read its secret by the verified log, else a blocking
 * alarm names them and nothing of the page is wrapped (R11). A pair's chest and hidden flag are its
 * secret's signed header's when it has one, checked first (placedBySignature); a secret without one
 * (suite 1) is placed by the server's word until it is signed (R7's residual).
 */
export async function requireLogReadersOfPairs(pairs: readonly PlacedPair[]): Promise<void> {
  const view = trustLogStore.get();
  if (view.alarm) throw new SecretAccessError('unconfirmed', view.alarm.message);
  const log = view.log;
  let state = log?.state;
  if (!log || !state || pairs.length === 0) return;
  // A header made under an entry this page has not verified yet holds after a sync.
  const placed =
    (await placedBySignature(log, view.userId, pairs)) ||
    (await view.sync?.().then((later) => (later ? placedBySignature(later, view.userId, pairs) : false)));
  if (!placed) {
    raiseTrustLogAlarm('reader', PAIR_HEADER_ALARM_MESSAGE);
    throw new SecretAccessError('unconfirmed', PAIR_HEADER_ALARM_MESSAGE);
  }
  if (strayPairs(state, pairs).length > 0) state = (await view.sync?.())?.state ?? state;
  const stray = strayPairs(state, pairs)[0];
  if (!stray) return;
  const message = readerAlarmMessage(state.users.get(stray.user_id)?.email ?? null, stray.user_id);
  raiseTrustLogAlarm('reader', message);
  throw new SecretAccessError('unconfirmed', message);
}

// Headers already found to hold for a chest and hidden flag, by log head, signature and place: a
// reshare's pages name the same secrets for several users.
const placedHeaders = new Map<string, Promise<boolean>>();
const MAX_PLACED_HEADERS = 5_000;

/**
 * Whether every pair with a signed header is where its author signed it (core's
 * verifyListedSecretHeader on the id, chest and hidden flag), and no pair without one is of a secret
 * this browser saw signed (stripped of its header, so that the server's place would be taken).
 */
async function placedBySignature(
  log: VerifiedTrustLog,
  userId: string | null,
  pairs: readonly PlacedPair[],
): Promise<boolean> {
  const checks = pairs.map(async (pair) => {
    const signed = pair.signed_header;
    if (!signed) {
      if (!userId) return true;
      return (await seenRevisions(userId, pair.secret_id)).signed === undefined;
    }
    const key = [log.state.head, signed.sig, pair.secret_id, pair.vault_id, pair.hidden === true].join('\n');
    let placed = placedHeaders.get(key);
    if (!placed) {
      placed = verifyListedSecretHeader(signed, {
        state: log.state,
        stateAt: log.stateAt,
        record: { id: pair.secret_id, vault_id: pair.vault_id ?? '', hidden: pair.hidden === true },
      }).then(
        () => true,
        (error: unknown) => {
          if (isSecretHeaderError(error)) return false;
          throw error;
        },
      );
      if (placedHeaders.size >= MAX_PLACED_HEADERS) {
        placedHeaders.delete(placedHeaders.keys().next().value as string);
      }
      placedHeaders.set(key, placed);
    }
    return placed;
  });
  return (await Promise.all(checks)).every(Boolean);
}
