import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderTable } from './markdown.mjs';
import { readRssBytes } from './memory.mjs';
import { median, medianAndP95ByKey, ratio } from './stats.mjs';

test('median takes the middle value, or the mean of the middle two', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
});

test('ratio rounds to three decimals and refuses a zero whole', () => {
  assert.equal(ratio(1, 3), 0.333);
  assert.equal(ratio(5, 0), null);
});

test('renderTable aligns columns and escapes pipes', () => {
  assert.equal(
    renderTable(['a', 'b'], [['x|y', 2]], ['left', 'right']),
    '| a | b |\n| --- | ---: |\n| x\\|y | 2 |',
  );
});

test('readRssBytes reads this process’s resident memory and null for a missing pid', () => {
  const rss = readRssBytes(process.pid);
  assert.ok(rss !== null && rss > 1_000_000, `RSS ${rss}`);
  assert.equal(readRssBytes(2 ** 22 + 12345), null);
});

test('medianAndP95ByKey sums each list up as its median and p95, in hundredths', () => {
  assert.deepEqual(medianAndP95ByKey({ app: [3.333, 1, 2], floor: [10, 20, 30, 40] }), {
    app: { median: 2, p95: 3.33 },
    floor: { median: 25, p95: 40 },
  });
});
