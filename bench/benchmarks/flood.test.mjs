// The flood benchmark in quick mode, as part of the benchmark tests: it runs end to end on a small
// dataset (BENCH_SECRETS=1000) and the lock holds. Its speed goals are judged by full runs only
// (`node bench/run.mjs flood`): no test asserts a duration.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const built = existsSync(fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url)));

test('the flood benchmark runs in quick mode and no burst gets past the account limit', {
  skip: built ? false : 'the server is not built (npm run build)',
  timeout: 180_000,
}, async () => {
  process.env.BENCH_SECRETS ??= '1000';
  delete process.env.BENCH_DATABASE_URL;
  const { runFlood } = await import('./flood.mjs');
  const { cleanUpAll } = await import('../lib/cleanup.mjs');
  try {
    const outcome = await runFlood({ log: () => {}, serverEnv: { LOG_LEVEL: 'warn' }, quick: true });
    const [run] = outcome.data.runs;
    assert.ok(run.quiet.requestsPerSecond > 0);
    assert.ok(run.flooded.requestsPerSecond > 0);
    assert.equal(run.quiet.non2xx + run.flooded.non2xx, 0, 'the list answered 200 throughout');
    assert.ok(run.floods[0].answered > 0, 'the flood was answered');
    assert.ok(run.lock.sent > 50, 'the burst against one account ran');
    assert.ok(run.lock.checks <= 10, `${run.lock.checks} password checks got past a limit of 10`);
    assert.equal(run.lock.afterwards, 429, 'the account is locked afterwards');
    assert.match(outcome.body, /password checks/);
  } finally {
    await cleanUpAll();
  }
});
