import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeExtensionSync } from './extension-sync.mjs';

const measured = ({
  app = [1200, 1300],
  bare = [1000, 1000],
  payloads = [10, 10],
  popup = [40, 60],
} = {}) => ({
  first: { app, bare, opened: 10_000, failed: 0 },
  later: { payloads, opened: payloads.map(() => 10) },
  popup: { total: popup, entries: 10_000 },
});

test('passes within 1.3 times the floor, 10 payloads per 10 changes and a popup within 100 ms', () => {
  const verdict = judgeExtensionSync(measured(), 10_000);
  assert.equal(verdict.firstRatio, 1.25);
  assert.equal(verdict.mostPayloads, 10);
  assert.equal(verdict.pass, true);
});

test('misses past 1.3 times the floor, with an 11th payload, or with a slow popup', () => {
  assert.equal(judgeExtensionSync(measured({ app: [1400, 1400] }), 10_000).checks.first, false);
  assert.equal(judgeExtensionSync(measured({ payloads: [10, 11] }), 10_000).checks.changed, false);
  assert.equal(judgeExtensionSync(measured({ popup: [40, 140] }), 10_000).checks.popup, false);
  assert.equal(judgeExtensionSync(measured(), 10_001).pass, false);
});

test('cannot meet the popup goal with fewer than 10,000 secrets', () => {
  const small = measured();
  small.first.opened = 2_000;
  small.popup.entries = 2_000;
  assert.equal(judgeExtensionSync(small, 2_000).checks.popup, false);
});
