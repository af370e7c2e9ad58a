import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summariseAround } from './latency-probe.mjs';

test('requests in flight at some moment of the window count as during it, the others as outside', () => {
  const samples = [
    { startMs: 0, endMs: 10, status: 200 },
    { startMs: 10, endMs: 20, status: 200 },
    { startMs: 95, endMs: 260, status: 200 }, // began before the window, waited through it
    { startMs: 150, endMs: 170, status: 200 }, // inside
    { startMs: 199, endMs: 230, status: 500 }, // inside, failed
    { startMs: 250, endMs: 262, status: 200 }, // after
  ];
  const { during, outside } = summariseAround(samples, { fromMs: 100, toMs: 200 });
  assert.deepEqual(during, { count: 3, failed: 1, p50: 20, p99: 165, longest: 165 });
  assert.deepEqual(outside, { count: 3, failed: 0, p50: 10, p99: 12, longest: 12 });
});

test('a side without answers has no percentiles', () => {
  const { during } = summariseAround([{ startMs: 0, endMs: 5, status: 200 }], { fromMs: 10, toMs: 20 });
  assert.deepEqual(during, { count: 0, failed: 0, p50: null, p99: null, longest: null });
});
