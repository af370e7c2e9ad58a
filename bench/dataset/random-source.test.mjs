import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isUuid } from '@coffer/core';
import { createRandom } from './random-source.mjs';
import { makeSecretName } from './secret-names.mjs';

test('a seed always gives the same sequence, another seed another one', () => {
  const draw = (seed) => {
    const random = createRandom(seed);
    return [random.next(), random.int(1, 6), random.uuid(), makeSecretName(random, 'password')];
  };
  assert.deepEqual(draw(7), draw(7));
  assert.notDeepEqual(draw(7), draw(8));
});

test('uuids are lower-case version 4, the only form the server takes as a secret id', () => {
  const random = createRandom(1);
  for (let index = 0; index < 100; index += 1) assert.ok(isUuid(random.uuid()));
});

test('int stays within its bounds and pickWeighted follows the weights', () => {
  const random = createRandom(3);
  const counts = { a: 0, b: 0 };
  for (let index = 0; index < 2000; index += 1) {
    const value = random.int(2, 4);
    assert.ok(value >= 2 && value <= 4);
    counts[
      random.pickWeighted([
        ['a', 9],
        ['b', 1],
      ])
    ] += 1;
  }
  assert.ok(counts.a > counts.b * 5, JSON.stringify(counts));
});
