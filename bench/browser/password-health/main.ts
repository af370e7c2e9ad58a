// The password-health benchmark's page, served by the real server. It signs in with the web app's
// own flow (which unlocks the private key into the key store), then checks N password secrets two
// ways: `app` is the security centre's check as the web app runs it (list, open each secret with the
// crypto client a batch at a time, zxcvbn, reuse tags and the rest in the health worker, records into
// IndexedDB), from an empty cache; `floor` opens the same N secrets with the same crypto client
// (openSecretsInBatch), which the check cannot do without. `cached` is a second visit: every record
// is in the cache, nothing is opened. A PerformanceObserver counts the main thread's long tasks.
import { clearHealthCache } from '@coffer/web-src/components/health/health-cache.js';
import { runHealthCheck } from '@coffer/web-src/components/health/run-health-check.js';
import { listExportSecrets } from '@coffer/web-src/secret-export/list-export-rows.js';
import { openSecretsInBatch } from '@coffer/web-src/secret-export/open-secrets-batch.js';
import { publishBench, signIn } from '../bench-kit.js';

interface Measured {
  count: number;
  app: number[];
  floor: number[];
  cached: number[];
  /** The longest main-thread task seen during the app's runs (ms), and how many passed 50 ms. */
  longestTask: number;
  longTasks: number;
  /** The same while only opening them (the floor): what the crypto client costs the page by itself. */
  floorLongestTask: number;
  floorLongTasks: number;
  findings: number;
}

async function checkWithApp(userId: string, only: ReadonlySet<string>): Promise<number> {
  const result = await runHealthCheck(userId, { only });
  if (result.checked.length !== only.size)
    throw new Error(`checked ${result.checked.length} of ${only.size}`);
  return result.recomputed;
}

async function openFloor(ids: readonly string[], userId: string): Promise<void> {
  const results = await openSecretsInBatch(ids, userId);
  if (results.some((result) => !result.opened)) throw new Error('a secret did not open');
}

/** Checks `count` password secrets `rounds` times each way, order alternating, after a warm-up. */
async function measure(userId: string, count: number, rounds: number, warmup: number): Promise<Measured> {
  const rows = (await listExportSecrets()).filter((row) => row.category === 'password');
  if (rows.length < count) throw new Error(`the member reads only ${rows.length} password secrets`);
  const ids = rows.slice(0, count).map((row) => row.id);
  const only = new Set(ids);
  await clearHealthCache();
  await checkWithApp(userId, new Set(ids.slice(0, warmup)));
  await openFloor(ids.slice(0, warmup), userId);
  const times: Measured = {
    count,
    app: [],
    floor: [],
    cached: [],
    longestTask: 0,
    longTasks: 0,
    floorLongestTask: 0,
    floorLongTasks: 0,
    findings: 0,
  };
  let watching: 'app' | 'floor' | null = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (watching === 'app') {
        times.longestTask = Math.max(times.longestTask, entry.duration);
        if (entry.duration > 50) times.longTasks += 1;
      } else if (watching === 'floor') {
        times.floorLongestTask = Math.max(times.floorLongestTask, entry.duration);
        if (entry.duration > 50) times.floorLongTasks += 1;
      }
    }
  }).observe({ type: 'longtask', buffered: false });
  for (let round = 0; round < rounds; round += 1) {
    const ways = [
      async () => {
        await clearHealthCache();
        watching = 'app';
        const startedAt = performance.now();
        await checkWithApp(userId, only);
        times.app.push(performance.now() - startedAt);
        const again = performance.now();
        const recomputed = await checkWithApp(userId, only);
        times.cached.push(performance.now() - again);
        watching = null;
        if (recomputed !== 0) throw new Error(`a second visit checked ${recomputed} secrets again`);
      },
      async () => {
        watching = 'floor';
        const startedAt = performance.now();
        await openFloor(ids, userId);
        times.floor.push(performance.now() - startedAt);
        watching = null;
      },
    ];
    if (round % 2 === 1) ways.reverse();
    for (const way of ways) await way();
  }
  return times;
}

publishBench('passwordHealthBench', { signIn, measure });
