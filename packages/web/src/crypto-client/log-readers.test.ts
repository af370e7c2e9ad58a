import type { TrustState } from '@coffer/core';
import { foldTrustLog } from '@coffer/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../../../core/src/trust-log/testing/trust-log-builder.js';
import { mockFetch } from '../test/mock-fetch.js';
import { verifiedLog } from '../test/verified-log.js';
import { resetTrustLogView, trustLogStore } from '../trust-log/trust-log-store.js';
import { readersForWrap } from './log-readers.js';

// Once the organisation has a log, a wrap is for the log's readers with the log's keys; a reader the
// server adds whom the log does not hold (R10, R11) is a blocking alarm naming them.

const ORG = testId('org', 1);
const TEAM = testId('team', 1);
const CHEST = 'c-1';
let owner: TestSigner;
let ada: TestSigner;
let eve: TestSigner;
let state: TrustState;

beforeAll(async () => {
  owner = await freshSigner(testId('user', 1));
  ada = await freshSigner(testId('user', 2));
  eve = await freshSigner(testId('user', 3));
  const log = new TrustLogBuilder(ORG);
  await log.start(owner, [
    [ada, 'ada'],
    [eve, 'eve'],
  ]);
  await log.append(owner, {
    op: 'team_member',
    body: { team: TEAM, user: ada.id, edit: false, present: true },
  });
  await log.append(owner, {
    op: 'chest_team',
    body: { chest: CHEST, team: TEAM, edit: true, present: true },
  });
  state = await foldTrustLog(log.entries);
}, 30_000);
afterEach(resetTrustLogView);

const entry = (signer: TestSigner, publicKey = signer.publicKey) => ({
  user_id: signer.id,
  public_key: publicKey,
});

function serve(listed: ReturnType<typeof entry>[], withLog = true) {
  mockFetch({ 'GET /api/v1/vaults/c-1/public_keys.json': { body: { items: listed } } });
  if (!withLog) return;
  const log = verifiedLog(state);
  trustLogStore.set((view) => ({ ...view, synced: true, log, sync: async () => log, userId: owner.id }));
}

describe('readersForWrap', () => {
  it('follows the server while the organisation has no log', async () => {
    serve([entry(owner), entry(eve)], false);
    expect(await readersForWrap(CHEST, false)).toEqual([entry(owner), entry(eve)]);
  });

  it('wraps for the log’s readers with the log’s keys, whatever keys the server lists', async () => {
    serve([entry(owner), entry(ada, eve.publicKey)]);
    expect(await readersForWrap(CHEST, false)).toEqual(
      [entry(owner), entry(ada)].sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    // A hidden secret is the administrators' alone.
    serve([entry(owner)]);
    expect(await readersForWrap(CHEST, true)).toEqual([entry(owner)]);
  });

  it('raises the alarm, naming the person, for a reader the log does not make one', async () => {
    serve([entry(owner), entry(ada), entry(eve)]);
    await expect(readersForWrap(CHEST, false)).rejects.toThrow(/eve@example\.com/);
    expect(trustLogStore.get().alarm).toMatchObject({ kind: 'reader' });
    expect(trustLogStore.get().alarm?.message).toMatch(/Nothing was shared/);
  });
});
