import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pickChests } from './scale-teams.mjs';

test('the grant team takes the chests whose sizes add up closest to the target', () => {
  const chests = [
    { id: 'a', size: 6000 },
    { id: 'b', size: 5000 },
    { id: 'c', size: 3000 },
    { id: 'd', size: 1500 },
    { id: 'e', size: 900 },
    { id: 'f', size: 0 },
  ];
  // No subset makes 12,000; 6000 + 5000 + 900 = 11,900 is the closest (12,500 and 11,400 are farther).
  assert.deepEqual(pickChests(chests, 12_000, 0.1), { ids: ['a', 'b', 'e'], total: 11_900 });
  assert.deepEqual(pickChests(chests, 7_500, 0.1), { ids: ['a', 'd'], total: 7_500 });
});

test('no choice within the tolerance is an error, not a quietly different benchmark', () => {
  assert.throws(
    () => pickChests([{ id: 'a', size: 50_000 }], 12_000, 0.1),
    /12000 secrets ± 10 % \(best 0\)/,
  );
});
