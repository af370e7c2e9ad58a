import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarise } from './attachment-transfer.mjs';

const round = (scale) => ({
  appUp: 120 * scale,
  appDown: 100 * scale,
  plainUp: 80,
  plainDown: 60,
  bareSeal: 20,
  bareOpen: 20,
});

test('compares the app up and down with the plain transfer plus bare WebCrypto, by medians', () => {
  const summary = summarise([round(1), round(1), round(1)]);
  assert.equal(summary.app, 220);
  assert.equal(summary.floor, 180);
  // Ratios to three decimals, as every benchmark reports them.
  assert.equal(summary.upRatio, 1.2);
  assert.equal(summary.downRatio, 1.25);
  assert.equal(summary.roundTripRatio, 1.222);
  assert.equal(summary.pass, true);
});

test('fails past 1.3 times the floor', () => {
  assert.equal(summarise([round(1.2)]).pass, false);
});
