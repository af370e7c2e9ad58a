// rotation-list: its verdicts on made-up measurements. Its goals are judged by full runs only
// (`node bench/run.mjs rotation-list`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeRotation } from './rotation-list/rotation-report.mjs';
import { PAGES, REFERENCE_PAGE } from './rotation-list/rotation-run.mjs';

const page = (aloneMs, requestsPerSecond, non2xx = 0) => ({
  aloneMs,
  load: { requestsPerSecond, non2xx, errors: 0, timeouts: 0 },
});
const run = ({ removalMs = [800, 900, 950], rotationPage = page(10, 300) } = {}) => ({
  removals: removalMs.map((ms, index) => ({
    round: index + 1,
    reader: { ms, cpuMs: ms / 2, keys: 20_000 },
    reference: { ms: 20, cpuMs: 10 },
  })),
  pages: Object.fromEntries(
    Object.keys(PAGES).map((key) => [key, key === REFERENCE_PAGE ? page(8, 400) : rotationPage]),
  ),
});

test('passes removals within 1 s (median) and pages within 2× the secrets list, both ways', () => {
  const verdict = judgeRotation(run());
  assert.equal(verdict.removalMs, 900);
  assert.equal(verdict.pass, true);
});

test('misses a median removal over 1 s, though one round was under', () => {
  const verdict = judgeRotation(run({ removalMs: [900, 1100, 1200] }));
  assert.equal(verdict.removalPass, false);
  assert.equal(verdict.pass, false);
});

test('misses a page over 2× the time alone, over 2× fewer requests/s, or with errors', () => {
  assert.equal(judgeRotation(run({ rotationPage: page(17, 300) })).pagesPass, false);
  assert.equal(judgeRotation(run({ rotationPage: page(10, 190) })).pagesPass, false);
  assert.equal(judgeRotation(run({ rotationPage: page(10, 300, 1) })).pagesPass, false);
  assert.equal(judgeRotation(run({ rotationPage: page(16, 200) })).pagesPass, true);
});
