import { foldTrustLog } from '@coffer/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  freshSigner,
  type TestSigner,
  TrustLogBuilder,
  testId,
} from '../../../core/src/trust-log/testing/trust-log-builder.js';
import { createTrustStateHistory } from './trust-state-history.js';

// Past states of the trust log: each one the fold from genesis would give, wherever the sync cut the
// log into pages, and none beyond what was folded.

const ORG = testId('org', 1);
const TEAM = testId('team', 1);
let owner: TestSigner;
let ada: TestSigner;
let log: TrustLogBuilder;

beforeAll(async () => {
  [owner, ada] = (await Promise.all([freshSigner(testId('user', 1)), freshSigner(testId('user', 2))])) as [
    TestSigner,
    TestSigner,
  ];
  log = new TrustLogBuilder(ORG);
  await log.start(owner, [[ada, 'ada']], { name: 'Office', domain: 'office.test' });
  // Ada joins and leaves the team in turn: every state differs from the one before it.
  for (let turn = 0; turn < 12; turn += 1) {
    await log.append(owner, {
      op: 'team_member',
      body: { team: TEAM, user: ada.id, edit: true, present: turn % 2 === 0 },
    });
  }
}, 60_000);

describe('the trust log’s past states', () => {
  it('answers every seq as the fold from genesis does, whatever the pages', async () => {
    const history = createTrustStateHistory(4);
    const cuts = [1, 6, 7, log.entries.length];
    let state = null;
    for (const [index, end] of cuts.entries())
      state = await history.fold(log.entries.slice(index === 0 ? 0 : cuts[index - 1], end), state);
    expect(state?.seq).toBe(log.entries.length - 1);
    for (let seq = 0; seq < log.entries.length; seq += 1) {
      const expected = await foldTrustLog(log.entries.slice(0, seq + 1));
      expect(await history.stateAt(seq), `seq ${seq}`).toEqual(expected);
    }
  }, 60_000);

  it('refuses a seq beyond what it folded', async () => {
    const history = createTrustStateHistory(4);
    await history.fold(log.entries.slice(0, 5), null);
    await expect(history.stateAt(5)).rejects.toThrow(RangeError);
    await expect(history.stateAt(-1)).rejects.toThrow(RangeError);
    expect((await history.stateAt(4)).seq).toBe(4);
  });
});
