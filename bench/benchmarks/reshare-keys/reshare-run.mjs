// The reshare benchmark's measurements (reshare-keys.mjs): the seeded server with the scenario
// (reshare-scenario.mjs) in its own copy of the database, the page (bench/browser/reshare-keys)
// signed in as the administrator, then (1) the app's background reshare against the bare reference,
// side by side in alternating rounds, and (2) the secrets list under load as the member in rotating
// rounds: with no reshare; during the app's reshare in Chromium on this machine; during the same
// reshare's requests replayed from outside the browser (reshare-replay.mjs: the server's side alone,
// as a deployment sees it with the browser on another computer); and beside busy loops at idle CPU
// priority, no reshare (what CPU work that should cost nothing takes here). Every run starts from
// the same N missing keys.
import { copyFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  BENCH_PASSWORD,
  ensureSqliteDataset,
  loadCredentials,
  signInBenchUser,
} from '../../dataset/index.mjs';
import {
  buildBenchPage,
  DEFAULT_LOAD,
  delay,
  launchChromium,
  median,
  openBenchPage,
  readCount,
  runLoad,
  signInInPage,
  startCpuWatch,
  startIdleBusyLoops,
  startRealServer,
  waitForIdle,
} from '../../lib/index.mjs';
import { replayRequests } from './reshare-replay.mjs';
import { openScenarioDatabase, writeReshareScenario } from './reshare-scenario.mjs';

const LIST_PATH = '/api/v1/secrets.json?limit=20';
// The reshare is under way (its first requests made) this long before the list's load starts.
const RESHARE_LEAD_MS = 500;
// The browser's CPU priority (nice): the lowest.
const BROWSER_NICENESS = 19;
// Delivered keys opened with the newcomer's private key after the runs, to prove them right.
const OPENED_SAMPLE = 5;

/**
 * The settings of a run: `quick` (the benchmark test) is a few hundred keys and one short round of
 * each; a full run 10,000 keys. BENCH_RESHARE_KEYS, BENCH_RESHARE_ROUNDS, BENCH_ROUNDS,
 * BENCH_CONNECTIONS and BENCH_DURATION (the list's load window, else derived from the reshare's
 * duration) override.
 */
export function reshareSettings({ quick = false } = {}) {
  return {
    quick,
    keys: readCount('BENCH_RESHARE_KEYS', quick ? 200 : 10_000),
    rounds: readCount('BENCH_RESHARE_ROUNDS', quick ? 1 : 2),
    loadRounds: quick ? 1 : readCount('BENCH_ROUNDS', 3),
    listConnections: quick ? 10 : DEFAULT_LOAD.connections,
    loadSeconds: process.env.BENCH_DURATION ? DEFAULT_LOAD.durationSeconds : null,
    warmupSeconds: quick ? 1 : 2,
    warmupKeys: quick ? 50 : 200,
  };
}

/**
 * Measures everything on SQLite. Returns { threads, chromiumVersion, app: [runs], raw: [ms],
 * rsaOnly: ms, loaded: { quiet: [loads], during: [{ load, app, covered }], replayed: [{ load,
 * replay, covered }], busy: [loads], seconds }, replayedRequests, opened, cpu, loadAverage }.
 */
export async function measureReshare({ log, serverEnv, settings }) {
  log('  building the page');
  const pageDir = await buildBenchPage('reshare-keys');
  const dataset = await ensureSqliteDataset(log);
  let scenario = null;
  log(`  writing the scenario: a newcomer missing ${settings.keys} keys`);
  const server = await startRealServer({
    env: { ...serverEnv, WEB_DIST: pageDir },
    prepareDataDir: async (dataDir) => {
      const file = path.join(dataDir, 'coffer.sqlite');
      copyFileSync(dataset.file, file);
      scenario = await writeReshareScenario(file, dataset.manifest, { keys: settings.keys });
    },
  });
  const database = openScenarioDatabase(path.join(server.dataDir, 'coffer.sqlite'));
  // The administrator's browser stands in for their own computer: at the lowest CPU priority it
  // takes only what the server and the list's load leave over, as it would elsewhere.
  const chromium = await launchChromium({ niceness: BROWSER_NICENESS });
  const loadBefore = loadavg();
  try {
    const { newcomer, administratorId, chestId, pairs } = scenario;
    const administrator = (await loadCredentials()).users.largeAdministrator;
    const page = await openBenchPage(chromium.browser, `${server.url}/`, 'reshareKeysBench', log);
    log('  signing the administrator in in the page (derives the keys: about a second)');
    const ownerId = await signInInPage(page, 'reshareKeysBench', {
      email: administrator.email,
      password: BENCH_PASSWORD,
    });
    if (ownerId !== administratorId) throw new Error('signed in as someone else than the administrator');
    await page.evaluate(
      ({ owner, id, publicKey, missing }) =>
        window.reshareKeysBench.trustNewcomer(owner, id, publicKey, missing),
      { owner: ownerId, id: newcomer.id, publicKey: newcomer.publicKey, missing: pairs },
    );
    const threads = await page.evaluate(() => window.reshareKeysBench.threads());
    const deliverySize = await page.evaluate(() => window.reshareKeysBench.deliverySize);

    // Every run starts from the same missing keys, on a server that finished the last one.
    const resetKeys = async () => {
      database.deleteKeys(newcomer.id, chestId);
      await waitForIdle(server);
    };
    const runApp = async (record = false) => {
      const run = await page.evaluate(({ owner, keep }) => window.reshareKeysBench.runApp(owner, keep), {
        owner: ownerId,
        keep: record,
      });
      checkAppRun(run, settings.keys, database.countKeys(newcomer.id));
      return run;
    };
    const replay = async (recorded) => {
      const run = await replayRequests(server.url, recorded);
      const delivered = database.countKeys(newcomer.id);
      if (delivered !== settings.keys || run.statuses.some((status) => status >= 400)) {
        throw new Error(`the replay stored ${delivered} keys, answers ${run.statuses.join(', ')}`);
      }
      return run;
    };
    const runRaw = (count, fetchPages) =>
      page.evaluate(({ owner, keys, fetch }) => window.reshareKeysBench.runRaw(owner, keys, fetch), {
        owner: ownerId,
        keys: count,
        fetch: fetchPages,
      });

    log(`  warm-up: ${settings.warmupKeys} keys bare, the list for ${settings.warmupSeconds} s`);
    await resetKeys();
    await runRaw(settings.warmupKeys, true);
    const token = await signInBenchUser(server, 'largeMember');
    const listUrl = `${server.url}${LIST_PATH}`;
    const load = { connections: settings.listConnections, headers: { authorization: `Bearer ${token}` } };
    await runLoad(listUrl, { ...load, durationSeconds: settings.warmupSeconds });

    const watch = startCpuWatch([server.pid]);
    const app = [];
    const raw = [];
    for (let round = 0; round < settings.rounds; round += 1) {
      const order = round % 2 === 0 ? ['raw', 'app'] : ['app', 'raw'];
      for (const way of order) {
        await resetKeys();
        // The first app run is recorded, for the replay beside the list's load.
        if (way === 'app') app.push(await runApp(app.length === 0));
        else raw.push(await runRaw(settings.keys, true));
        const last = way === 'app' ? app.at(-1).ms : raw.at(-1);
        log(`  round ${round + 1}/${settings.rounds} ${way}: ${(last / 1000).toFixed(1)} s`);
      }
    }
    await resetKeys();
    const rsaOnly = await runRaw(settings.keys, false);
    const recorded = await page.evaluate(() => window.reshareKeysBench.recorded());

    // The list's window fits inside a reshare: a share of the quiet reshare's duration.
    const appSeconds = median(app.map((run) => run.ms)) / 1000;
    const seconds = settings.loadSeconds ?? Math.max(1, Math.min(10, Math.floor(appSeconds * 0.6)));
    const quiet = [];
    const during = [];
    const replayed = [];
    const busy = [];
    // The load beside something that runs on: started RESHARE_LEAD_MS into it, ended before it.
    const besides = async (work) => {
      const running = work();
      running.catch(() => {});
      await delay(RESHARE_LEAD_MS);
      const measured = await runLoad(listUrl, { ...load, durationSeconds: seconds });
      const run = await running;
      // Whether the work was still going when the load ended (else part of the window was quiet).
      const covered = Math.min(1, Math.max(0, (run.ms - RESHARE_LEAD_MS) / (seconds * 1000)));
      return { load: measured, run, covered };
    };
    const phases = {
      quiet: async () => quiet.push(await runLoad(listUrl, { ...load, durationSeconds: seconds })),
      reshare: async () => {
        const { load: measured, run, covered } = await besides(() => runApp());
        during.push({ load: measured, app: run, covered });
      },
      replay: async () => {
        const { load: measured, run, covered } = await besides(() => replay(recorded));
        replayed.push({ load: measured, replay: run, covered });
      },
      busy: async () => {
        const loops = startIdleBusyLoops(threads);
        try {
          await delay(RESHARE_LEAD_MS);
          busy.push(await runLoad(listUrl, { ...load, durationSeconds: seconds }));
        } finally {
          await loops.stop();
        }
      },
    };
    const names = Object.keys(phases);
    for (let round = 0; round < settings.loadRounds; round += 1) {
      // Each round starts one phase later, so no phase always follows the same other.
      for (const phase of names.map((_, at) => names[(at + round) % names.length])) {
        // The phases that reshare start from the same missing keys; the others leave the last
        // delivery in place, for the keys opened after the runs.
        if (phase === 'reshare' || phase === 'replay') await resetKeys();
        await phases[phase]();
        await waitForIdle(server);
        const last = { quiet, reshare: during, replay: replayed, busy }[phase].at(-1);
        const measured = last.load ?? last;
        log(
          `  list round ${round + 1}/${settings.loadRounds} ${phase}: ${measured.requestsPerSecond} req/s, ` +
            `p99 ${measured.latencyMs.p99} ms`,
        );
      }
    }
    const cpu = await watch.stop();
    const opened = await database.openDelivered(newcomer, OPENED_SAMPLE);
    if (opened === 0) throw new Error('no delivered key to open');
    return {
      threads,
      deliverySize,
      niceness: BROWSER_NICENESS,
      chromiumVersion: chromium.version,
      serverName: server.name,
      app,
      raw,
      rsaOnly,
      loaded: { quiet, during, replayed, busy, seconds },
      replayedRequests: recorded.length,
      opened,
      cpu,
      loadAverage: { before: loadBefore, after: loadavg() },
    };
  } finally {
    database.close();
    await chromium.close();
    await server.stop();
  }
}

// A run that left keys undelivered, failed or waiting would make its time meaningless.
function checkAppRun(run, keys, delivered) {
  const problems = [];
  if (run.missing !== keys) problems.push(`the server listed ${run.missing} missing, not ${keys}`);
  if (run.shared !== keys) problems.push(`${run.shared} of ${keys} keys delivered`);
  if (run.failed + run.waiting > 0) problems.push(`${run.failed} failed, ${run.waiting} waiting`);
  if (run.left !== 0) problems.push(`${run.left} still missing afterwards`);
  if (delivered !== keys) problems.push(`${delivered} keys stored for the newcomer`);
  if (run.statuses.some((status) => status >= 400)) problems.push(`answers ${run.statuses.join(', ')}`);
  if (problems.length > 0) throw new Error(`the app's reshare went wrong: ${problems.join('; ')}`);
}
