// Saving a secret in Chromium (issue 25): the web app's save, which seals every revision under a key
// made for it, against today's save that reused the unwrapped key, side by side in one page; and
// opening, with the revision mark now kept in IndexedDB against the Map it replaced. The secret calls
// are answered in the page (bench/browser/save-secret/in-page-api.ts): what is measured is the
// browser's work, which is where the two ways differ; the server's part is the same for both.

import {
  buildBenchPage,
  formatVerdict,
  launchChromium,
  medianAndP95ByKey,
  openBenchPage,
  ratio,
  readCount,
  renderTable,
  startCpuWatch,
  startRealServer,
} from '../lib/index.mjs';

const SAVES = readCount('BENCH_SAVES', 100);
const WARMUP = 10;
const READERS = readCount('BENCH_SAVE_READERS', 4);
const LATENCY_MS = readLatency('BENCH_SAVE_LATENCY_MS', 5);
const SAVE_GOAL = 1.1;
// Issue 30: a save where the organisation has a verified trust log, against part I's save.
const LOG_SAVE_GOAL = 1.15;
const OPEN_GOAL = 1.1;
const ROWS = [
  [
    'reuse',
    'save, key reused (before issue 25)',
    'fetch, unwrap the stored key, seal revision + 1 under it, wrap it for the readers, PUT',
  ],
  [
    'fresh',
    'save, fresh key (the web app)',
    '`updateEncryptedSecret`: fetch, new key, seal revision + 1, wrap it for the readers, PUT, mark in IndexedDB',
  ],
  [
    'logged',
    'save, the trust log verified (issue 30)',
    "the fresh-key save, its readers and keys from the verified log (core's `readers`) and checked against `public_keys`, and its header signed (suite 2)",
  ],
  [
    'mapFirst',
    'open, mark in a Map (before)',
    'fetch, unwrap, open, revision kept in memory; first open of this revision',
  ],
  [
    'markFirst',
    'open, mark in IndexedDB (the web app)',
    '`openSecretRecord`: the marks read from IndexedDB once per user and page, this one stored in the background',
  ],
  ['mapAgain', 'open again, mark in a Map (before)', 'the same revision once more'],
  [
    'markAgain',
    'open again, mark in IndexedDB (the web app)',
    "the same revision once more: the mark from the page's memory",
  ],
];
const REFERENCE = {
  fresh: 'reuse',
  reuse: 'reuse',
  logged: 'fresh',
  markFirst: 'mapFirst',
  mapFirst: 'mapFirst',
  markAgain: 'mapAgain',
  mapAgain: 'mapAgain',
};

export default {
  name: 'save-secret',
  title: 'Saving a secret in Chromium: a fresh key per save against the key reused',
  async run({ log, serverEnv }) {
    log('  building the page');
    const pageDir = await buildBenchPage('save-secret');
    const server = await startRealServer({ env: { ...serverEnv, WEB_DIST: pageDir } });
    const chromium = await launchChromium();
    try {
      const page = await openBenchPage(chromium.browser, `${server.url}/`, 'saveSecretBench');
      log(`  making ${READERS + 1} RSA-3072 key pairs and ${WARMUP + SAVES} secrets in the page`);
      const ids = await page.evaluate(
        ({ others, count, latency }) => window.saveSecretBench.setUp(others, count, latency),
        { others: READERS, count: WARMUP + SAVES, latency: LATENCY_MS },
      );
      log(`  saving and opening ${SAVES} secrets both ways`);
      const watch = startCpuWatch([server.pid]);
      const times = await page.evaluate(
        ({ warmup, measured }) => window.saveSecretBench.measure(warmup, measured),
        { warmup: ids.slice(0, WARMUP), measured: ids.slice(WARMUP) },
      );
      const cpu = await watch.stop();
      return report(times, { cpu, chromiumVersion: chromium.version });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

function report(times, { cpu, chromiumVersion }) {
  const stats = medianAndP95ByKey(times);
  const versus = (key, field) => `${ratio(stats[key][field], stats[REFERENCE[key]][field])?.toFixed(2)}×`;
  const rows = ROWS.map(([key, name, what]) => [
    name,
    what,
    stats[key].median,
    stats[key].p95,
    versus(key, 'median'),
    versus(key, 'p95'),
  ]);
  const saveRatio = ratio(stats.fresh.median, stats.reuse.median) ?? Number.POSITIVE_INFINITY;
  const openRatio = Math.max(
    ratio(stats.markFirst.median, stats.mapFirst.median) ?? Number.POSITIVE_INFINITY,
    ratio(stats.markAgain.median, stats.mapAgain.median) ?? Number.POSITIVE_INFINITY,
  );
  const logRatio = ratio(stats.logged.median, stats.fresh.median) ?? Number.POSITIVE_INFINITY;
  const pass = saveRatio <= SAVE_GOAL && openRatio <= OPEN_GOAL && logRatio <= LOG_SAVE_GOAL;
  const body = [
    renderTable(
      ['way', 'what one call does', 'median ms', 'p95 ms', 'median vs before', 'p95 vs before'],
      rows,
      ['left', 'left', 'right', 'right', 'right', 'right'],
    ),
    '',
    `Chromium ${chromiumVersion} (\`/usr/bin/chromium\`, headless), a page served by Coffer under its own ` +
      `CSP. The caller and ${READERS} colleagues have real RSA-OAEP-3072 pairs, the colleagues trusted in ` +
      `this browser, so every save wraps for ${READERS + 1} readers. Each of ${SAVES} password secrets ` +
      `(after ${WARMUP} unrecorded) is opened both ways twice and then saved both ways, the order ` +
      "alternating. The secret calls (`GET` and `PUT /api/v1/secrets/{id}.json`, the chest's " +
      `\`public_keys\`) are answered inside the page through JSON and \`Response\`, each after ${LATENCY_MS} ms ` +
      '(about what open-secret measures for a real `GET`; the web app reads its revision mark while the ' +
      "request travels): the server's part of a save is the same for both ways, so the difference is the " +
      "browser's work. IndexedDB is Chromium's own.",
    '',
    `Goals: a save with a fresh key at most ${SAVE_GOAL}× today's save (median): **${saveRatio.toFixed(2)}×**; ` +
      `opening at most ${OPEN_GOAL}× the open with the Map (median, the worse of the two rows): ` +
      `**${openRatio.toFixed(2)}×**; a save with the trust log verified at most ${LOG_SAVE_GOAL}× the ` +
      `fresh-key save (part I's, median; its row's ratio is against that save): **${logRatio.toFixed(2)}×**; ` +
      `${formatVerdict(pass)}.`,
  ].join('\n');
  return {
    body,
    goal: `fresh-key save ≤ ${SAVE_GOAL}× key-reuse save, open ≤ ${OPEN_GOAL}×, save with the trust log ≤ ${LOG_SAVE_GOAL}× the fresh-key save (median)`,
    pass,
    cpu,
    settings: `${SAVES} saves and 2 × ${SAVES} opens per way, one at a time, in one page.`,
    data: { saves: SAVES, readers: READERS + 1, latencyMs: LATENCY_MS, stats, chromiumVersion },
  };
}

function readLatency(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of milliseconds`);
  return value;
}
