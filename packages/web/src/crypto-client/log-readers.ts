import type { KeyShare, PublicKeyEntry, TrustState } from '@coffer/core';
import { activeUser, readers } from '@coffer/core';
import { fetchChestPublicKeys } from '../api/vaults-api.js';
import { readerAlarmMessage } from '../trust-log/trust-log-alarm.js';
import { raiseTrustLogAlarm, trustLogStore } from '../trust-log/trust-log-store.js';
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
 * alarm names them and nothing of the page is wrapped (R11). The chest and hidden flag are still the
 * server's word until secret headers are signed (R7's residual).
 */
export async function requireLogReadersOfPairs(pairs: readonly PlacedPair[]): Promise<void> {
  const view = trustLogStore.get();
  if (view.alarm) throw new SecretAccessError('unconfirmed', view.alarm.message);
  let state = view.log?.state;
  if (!state || pairs.length === 0) return;
  if (strayPairs(state, pairs).length > 0) state = (await view.sync?.())?.state ?? state;
  const stray = strayPairs(state, pairs)[0];
  if (!stray) return;
  const message = readerAlarmMessage(state.users.get(stray.user_id)?.email ?? null, stray.user_id);
  raiseTrustLogAlarm('reader', message);
  throw new SecretAccessError('unconfirmed', message);
}
