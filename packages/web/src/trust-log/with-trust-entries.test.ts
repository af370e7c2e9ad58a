import type { TrustState } from '@coffer/core';
import { foldTrustLog } from '@coffer/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../../../core/src/trust-log/testing/trust-log-builder.js';
import { ApiError } from '../api/api-error.js';
import { saveSigningKey } from '../keys/key-store.js';
import { verifiedLog } from '../test/verified-log.js';
import { resetTrustLogView, trustLogStore } from './trust-log-store.js';
import { withTrustEntries } from './with-trust-entries.js';

// A membership call is sent with the entries that say it once there is a log; a call made before the
// session's first sync waits for it; a moved head is signed again once.

const TEAM = testId('team', 1);
let owner: TestSigner;
let ada: TestSigner;
let state: TrustState;

beforeAll(async () => {
  owner = await freshSigner(testId('user', 1));
  ada = await freshSigner(testId('user', 2));
  const log = new TrustLogBuilder(testId('org', 1));
  await log.start(owner, [[ada, 'ada']]);
  state = await foldTrustLog(log.entries);
  await saveSigningKey(owner.signingKey);
}, 30_000);
afterEach(resetTrustLogView);

const joinTeam = () => [{ kind: 'member' as const, team: TEAM, user: ada.id, edit: false }];

describe('withTrustEntries', () => {
  it('sends the call as it was when no sync runs (no log to follow)', async () => {
    const send = vi.fn(async () => 'sent');
    expect(await withTrustEntries(joinTeam(), send)).toBe('sent');
    expect(send).toHaveBeenCalledWith(undefined);
  });

  it('waits for the session’s first sync, then sends without entries when there is no log', async () => {
    trustLogStore.set((view) => ({ ...view, userId: owner.id }));
    const send = vi.fn(async () => 'sent');
    const call = withTrustEntries(joinTeam(), send);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(send).not.toHaveBeenCalled();
    trustLogStore.set((view) => ({ ...view, synced: true, sync: async () => null }));
    await call;
    expect(send).toHaveBeenCalledWith(undefined);
  });

  it('signs the entries after the verified head, and signs again once when the head moved', async () => {
    const log = verifiedLog(state);
    trustLogStore.set((view) => ({ ...view, synced: true, log, sync: async () => log, userId: owner.id }));
    const sent: unknown[] = [];
    const send = vi.fn(async (entries: unknown) => {
      sent.push(entries);
      if (sent.length === 1)
        throw new ApiError(409, 'The trust log has moved on: sync it and sign the entry again.');
      return 'sent';
    });
    expect(await withTrustEntries(joinTeam(), send)).toBe('sent');
    expect(sent).toHaveLength(2);
    const [entries] = sent as { entry: { seq: number; op: string } }[][];
    expect(entries?.map(({ entry }) => [entry.seq, entry.op])).toEqual([[state.seq + 1, 'team_member']]);
  });
});
