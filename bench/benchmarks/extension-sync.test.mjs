import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeExtensionSync } from './extension-sync.mjs';

const measured = ({
  app = [1200, 1300],
  bare = [1000, 1000],
  payloads = [10, 10],
  popup = [40, 60],
} = {}) => ({
  first: { app, bare, opened: 100, failed: 0 },
  later: { payloads, opened: payloads.map(() => 10) },
  popup: { total: popup, entries: 100 },
});

test('passes within 1.3 times the floor, 10 payloads per 10 changes and a popup within 100 ms', () => {
  const verdict = judgeExtensionSync(measured(), 100);
  assert.equal(verdict.firstRatio, 1.25);
  assert.equal(verdict.mostPayloads, 10);
  assert.equal(verdict.pass, true);
});

test('misses past 1.3 times the floor, with an 11th payload, or with a slow popup', () => {
  assert.equal(judgeExtensionSync(measured({ app: [1400, 1400] }), 100).checks.first, false);
  assert.equal(judgeExtensionSync(measured({ payloads: [10, 11] }), 100).checks.changed, false);
  assert.equal(judgeExtensionSync(measured({ popup: [40, 140] }), 100).checks.popup, false);
  assert.equal(judgeExtensionSync(measured(), 101).pass, false);
});
