// reshare-at-scale: its verdicts on made-up measurements, and the benchmark in quick mode on a small
// dataset (BENCH_SECRETS=1000) as part of the benchmark tests: every answer right, the counts as
// planned. Its speed goals are judged by full runs only (`node bench/run.mjs reshare-at-scale`).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { judgeScale } from './reshare-at-scale/scale-report.mjs';

const built = existsSync(fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url)));

const page = (aloneMs, requestsPerSecond) => ({
  aloneMs,
  load: { requestsPerSecond, non2xx: 0, errors: 0, timeouts: 0 },
});
const side = { count: 3, failed: 0, p50: 5, p99: 9, longest: 9 };
const change = (ms, total, expected) => ({
  quiet: { ms },
  probed: { ms, list: { during: side, outside: side } },
  counts: [{ total, expected }],
  removals: [3],
});
const run = ({ reshare = page(3, 900), grantMs = [300, 200, 900], total = 12_000 } = {}) => ({
  pages: { reshare, dashboard: page(2, 1000) },
  changes: {
    grant: grantMs.map((ms) => change(ms, total, 12_000)),
    empty: [change(10, 0, 0), change(12, 0, 0), change(8, 0, 0)],
  },
});

test('the verdicts: list within 2× alone and under load, the median change under 1 s, exact counts', () => {
  const verdict = judgeScale(run());
  assert.equal(verdict.aloneRatio, 1.5);
  assert.equal(Math.round(verdict.rateRatio * 1000) / 1000, 1.111);
  assert.equal(verdict.changeMs, 300);
  assert.equal(verdict.referenceMs, 10);
  assert.equal(verdict.pass, true);
  assert.equal(judgeScale(run({ reshare: page(5, 900) })).list, false, 'over 2× alone');
  assert.equal(judgeScale(run({ reshare: page(3, 400) })).list, false, 'under half the requests/s');
  assert.equal(judgeScale(run({ grantMs: [900, 1200, 1500] })).change, false, 'median 1.2 s');
  const miscounted = judgeScale(run({ total: 11_999 }));
  assert.equal(miscounted.counts, false);
  assert.equal(miscounted.pass, false);
});

test('the benchmark runs in quick mode: nothing missing first, then exactly the grant team’s secrets', {
  skip: built ? false : 'the server is not built (npm run build)',
  timeout: 300_000,
}, async () => {
  process.env.BENCH_SECRETS ??= '1000';
  delete process.env.BENCH_DATABASE_URL;
  const { runReshareAtScale } = await import('./reshare-at-scale.mjs');
  const { cleanUpAll } = await import('../lib/cleanup.mjs');
  try {
    const outcome = await runReshareAtScale({ log: () => {}, serverEnv: { LOG_LEVEL: 'warn' }, quick: true });
    const [measured] = outcome.data.runs;
    const [verdict] = outcome.data.verdicts;
    assert.equal(measured.dataset.missingKeys, 0);
    assert.ok(measured.dataset.keys > measured.dataset.secrets, 'every reader holds a key');
    assert.ok(measured.pages.reshare.load.requestsPerSecond > 0);
    assert.ok(measured.grant.secrets > 0);
    for (const entry of measured.changes.grant) {
      for (const count of entry.counts) assert.equal(count.total, measured.grant.secrets);
    }
    assert.ok(verdict.counts, 'the counts are what the plan says');
    assert.ok(verdict.clean, 'every answer 2xx');
    assert.match(outcome.body, /reshare_all\.json/);
  } finally {
    await cleanUpAll();
  }
});
