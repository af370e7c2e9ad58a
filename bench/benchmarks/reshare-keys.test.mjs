// The reshare benchmark in quick mode, as part of the benchmark tests: it runs end to end on a small
// dataset (BENCH_SECRETS=1000, 200 keys), the app's background reshare delivers every missing key
// (the run checks them, and opens some with the newcomer's private key), a replay of its recorded
// requests delivers them again from outside the browser, and the list answers 200 throughout. Its speed goals are judged by full runs only (`node bench/run.mjs reshare-keys`).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from '../lib/chromium.mjs';

const built = existsSync(fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url)));
const skip = !built ? 'the server is not built (npm run build)' : !existsSync(CHROMIUM_PATH) && 'no Chromium';

test('the reshare benchmark runs in quick mode and the app delivers every missing key', {
  skip: skip || false,
  timeout: 300_000,
}, async () => {
  process.env.BENCH_SECRETS ??= '1000';
  delete process.env.BENCH_RESHARE_KEYS;
  delete process.env.BENCH_RESHARE_ROUNDS;
  const { runReshareKeys } = await import('./reshare-keys.mjs');
  const { cleanUpAll } = await import('../lib/cleanup.mjs');
  try {
    const outcome = await runReshareKeys({ log: () => {}, serverEnv: { LOG_LEVEL: 'warn' }, quick: true });
    const { settings, verdict, measured } = outcome.data;
    assert.equal(settings.keys, 200);
    for (const run of [...measured.app, ...measured.loaded.during.map((entry) => entry.app)]) {
      assert.equal(run.shared, 200, 'every missing key delivered');
      assert.equal(run.rewrappedIn, 'workers', "rewrapped in the app's workers");
      assert.ok(run.requests.deliver.count >= 1, 'the keys were delivered');
    }
    // The replay sent the recorded run's requests again and they delivered every key (checked in the
    // run); the busy loops' round ran; each beside the list's load.
    assert.ok(measured.replayedRequests >= 3, 'the count, a page and a delivery at least were recorded');
    assert.equal(measured.loaded.replayed.length, 1);
    assert.deepEqual(measured.loaded.replayed[0].replay.statuses, [200]);
    assert.equal(measured.loaded.busy.length, 1);
    assert.ok(verdict.replayed.requestsPerSecond > 0 && verdict.busy.requestsPerSecond > 0);
    assert.match(outcome.body, /replayed from outside the browser/);
    assert.ok(measured.raw.every((ms) => ms > 0));
    assert.ok(measured.opened > 0, 'delivered keys open with the newcomer’s private key');
    assert.ok(verdict.longestMs > 0);
    assert.ok(verdict.clean, 'the list answered 200 throughout');
    assert.match(outcome.body, /bare RSA-OAEP/);
  } finally {
    await cleanUpAll();
  }
});
