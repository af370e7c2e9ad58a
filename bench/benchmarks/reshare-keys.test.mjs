// The reshare benchmark in quick mode, as part of the benchmark tests: it runs end to end on a small
// dataset (BENCH_SECRETS=1000, 200 keys), the app's background reshare delivers every missing key
// (the run checks them, and opens some with the newcomer's private key) and the list answers 200
// throughout. Its speed goals are judged by full runs only (`node bench/run.mjs reshare-keys`).
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
    assert.ok(measured.raw.every((ms) => ms > 0));
    assert.ok(measured.opened > 0, 'delivered keys open with the newcomer’s private key');
    assert.ok(verdict.longestMs > 0);
    assert.ok(verdict.clean, 'the list answered 200 throughout');
    assert.match(outcome.body, /bare RSA-OAEP/);
  } finally {
    await cleanUpAll();
  }
});
