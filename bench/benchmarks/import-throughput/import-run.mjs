// import-throughput's measurements (import-throughput.mjs): the organisation made through the API
// (import-organisation.mjs), the administrator signed in in Chromium, a warm-up, then the import of
// BENCH_IMPORT_ITEMS generated logins as the wizard runs it and the bare crypto floor on the same
// drafts, while a second client (the administrator's other session) asks for a chest's secrets list
// back to back: before the import, during it, and after it.
import {
  buildBenchPage,
  delay,
  launchChromium,
  openBenchPage,
  readCount,
  startCpuWatch,
  startRealServer,
} from '../../lib/index.mjs';
import { startLatencyProbe } from '../../lib/latency-probe.mjs';
import { makeImportOrganisation, signInToken } from './import-organisation.mjs';

/** The run's settings; `BENCH_IMPORT_ITEMS=500` makes a quick check. */
export function importSettings() {
  return {
    items: readCount('BENCH_IMPORT_ITEMS', 10_000),
    readers: readCount('BENCH_IMPORT_READERS', 20),
    warmupItems: 200,
    profileItems: Math.min(1000, readCount('BENCH_IMPORT_ITEMS', 10_000)),
    probeSecrets: 20,
    probeConnections: 1,
    quietSeconds: readCount('BENCH_IMPORT_QUIET_SECONDS', 20),
  };
}

/** Measures one run; answers what import-report.mjs renders. */
export async function measureImport({ log, serverEnv, settings }) {
  log('  building the page');
  const pageDir = await buildBenchPage('import-throughput');
  // No plan limits: the free plan stops at 25 secrets and 1 chest.
  const server = await startRealServer({ env: { ...serverEnv, WEB_DIST: pageDir, BILLING: 'off' } });
  const chromium = await launchChromium();
  try {
    const organisation = await makeImportOrganisation(server, {
      readers: settings.readers,
      probeSecrets: settings.probeSecrets,
      log,
    });
    const page = await openBenchPage(chromium.browser, `${server.url}/`, 'importThroughputBench', log);
    // The crypto pool's workers the measured import starts (none would mean it sealed on the page).
    let cryptoWorkers = 0;
    page.on('worker', (worker) => {
      if (worker.url().includes('rewrap-worker')) cryptoWorkers += 1;
    });
    log('  signing in in the page (derives the keys: about a second)');
    const userId = await page.evaluate(
      ({ email, password }) => window.importThroughputBench.signIn(email, password),
      organisation.administrator,
    );
    const bench = (name, ...args) =>
      page.evaluate(({ name, args }) => window.importThroughputBench[name](...args), { name, args });
    const chest = organisation.importChestId;

    log(`  warm-up: ${settings.warmupItems} items each way`);
    await bench('prepare', 'warmup', settings.warmupItems);
    const warmupApp = await bench('app', 'warmup', userId, chest);
    await bench('prepare', 'warmup', settings.warmupItems);
    await bench('floor', 'warmup', chest, warmupApp.concurrency);

    log(`  where the time goes: each phase alone on ${settings.profileItems} items`);
    await bench('prepare', 'profile', settings.profileItems);
    const phases = await bench('profile', 'profile', chest, warmupApp.concurrency);
    const probeUrl = `${server.url}/api/v1/secrets.json?vault_id=${organisation.probeChestId}`;
    const probeHeaders = {
      accept: 'application/json',
      authorization: `Bearer ${await signInToken(server, organisation.administrator.email, organisation.administrator.password)}`,
    };
    const probeQuiet = async () => {
      const probe = startLatencyProbe(probeUrl, {
        connections: settings.probeConnections,
        headers: probeHeaders,
      });
      await delay(settings.quietSeconds * 1000);
      return probe.stop();
    };

    log(`  preparing ${settings.items} items (planImport: fingerprints, drafts)`);
    const planMs = await bench('prepare', 'main', settings.items);
    log(`  the list alone for ${settings.quietSeconds} s`);
    const quietBefore = await probeQuiet();
    log(`  the bare floor: ${settings.items} items sealed and wrapped for ${organisation.readers} readers`);
    const floorBefore = await bench('floor', 'main', chest, warmupApp.concurrency);
    log(`  the import as the wizard runs it, the list asked for beside it`);
    const watch = startCpuWatch([server.pid]);
    const probe = startLatencyProbe(probeUrl, {
      connections: settings.probeConnections,
      headers: probeHeaders,
    });
    await delay(1000);
    cryptoWorkers = 0;
    const fromMs = performance.now();
    const app = await bench('app', 'main', userId, chest);
    const toMs = performance.now();
    const duringSamples = await probe.stop();
    const cpu = await watch.stop();
    log(`  the bare floor again, then the list alone for ${settings.quietSeconds} s`);
    const floorAfter = await bench('floor', 'main', chest, app.concurrency);
    const quietAfter = await probeQuiet();
    return {
      phases,
      cryptoWorkers,
      readers: organisation.readers,
      chromiumVersion: chromium.version,
      server: server.name,
      planMs,
      floorMs: [floorBefore, floorAfter],
      app,
      cpu,
      list: { quiet: [...quietBefore, ...quietAfter], during: duringSamples, fromMs, toMs },
    };
  } finally {
    await chromium.close();
    await server.stop();
  }
}
