// Verifying the organisation trust log in Chromium (issue 30): core's foldTrustLog through the sync's
// state history (trust-state-history.ts), over a log of real signed entries, from genesis (a new
// browser) and for the last few entries (a sync), against the bare WebCrypto floor measured side by
// side in the same page: one RSA-PSS-3072 verification and one SHA-256 per entry over bytes and keys
// prepared beforehand.

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

const ENTRIES = readCount('BENCH_TRUST_LOG_ENTRIES', 5000);
const PEOPLE = readCount('BENCH_TRUST_LOG_PEOPLE', 30);
const ROUNDS = readCount('BENCH_TRUST_LOG_ROUNDS', 5);
const TAIL = 10;
const FULL_GOAL_MS = 1000;
const SYNC_GOAL_MS = 20;

export default {
  name: 'trust-log',
  title: 'Verifying the trust log in Chromium: core’s fold against bare WebCrypto',
  async run({ log, serverEnv }) {
    log('  building the page');
    const pageDir = await buildBenchPage('trust-log');
    const server = await startRealServer({ env: { ...serverEnv, WEB_DIST: pageDir } });
    const chromium = await launchChromium();
    try {
      const page = await openBenchPage(chromium.browser, `${server.url}/`, 'trustLogBench', log);
      log(`  making ${PEOPLE + 1} RSA-3072 key pairs and signing ${ENTRIES} entries in the page`);
      const made = await page.evaluate(({ count, people }) => window.trustLogBench.setUp(count, people), {
        count: ENTRIES,
        people: PEOPLE,
      });
      log(`  folding ${made.entries} entries ${ROUNDS} times, and the last ${TAIL} ${ROUNDS * 10} times`);
      const watch = startCpuWatch([server.pid]);
      const times = await page.evaluate(({ rounds, tail }) => window.trustLogBench.measure(rounds, tail), {
        rounds: ROUNDS,
        tail: TAIL,
      });
      const cpu = await watch.stop();
      return report(times, { cpu, made, chromiumVersion: chromium.version });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

function report(times, { cpu, made, chromiumVersion }) {
  const stats = medianAndP95ByKey(times);
  const versus = (key, floor) => `${ratio(stats[key].median, stats[floor].median)?.toFixed(2)}×`;
  const rows = [
    [
      `from genesis: ${made.entries} entries`,
      '`history.fold(entries, null)`: `foldTrustLog` a state every 256 entries',
      stats.full.median,
      stats.full.p95,
      versus('full', 'fullBare'),
    ],
    ['the floor', 'bare verify + SHA-256 per entry', stats.fullBare.median, stats.fullBare.p95, '1.00×'],
    [
      `a sync: the last ${TAIL} entries`,
      '`history.fold(last, state)`',
      stats.sync.median,
      stats.sync.p95,
      versus('sync', 'syncBare'),
    ],
    ['the floor', 'bare verify + SHA-256 per entry', stats.syncBare.median, stats.syncBare.p95, '1.00×'],
  ];
  const pass = stats.full.median <= FULL_GOAL_MS && stats.sync.median <= SYNC_GOAL_MS;
  const body = [
    renderTable(['what', 'how', 'median ms', 'p95 ms', 'median vs floor'], rows, [
      'left',
      'left',
      'right',
      'right',
      'right',
    ]),
    '',
    `Chromium ${chromiumVersion} (\`/usr/bin/chromium\`, headless), a page served by Coffer under its own CSP. ` +
      `The log is ${made.entries} entries (${Math.round(made.bytes / 1024)} KiB as JSON) signed in the page with ` +
      `real RSA-PSS-3072 keys: genesis, ${PEOPLE} admissions (a third administrators), then team memberships and ` +
      'chest assignments over 100 teams and 300 chests signed by the administrators in turn. The fold parses ' +
      'nothing (the entries are objects already); it encodes each entry canonically, imports each signer’s key ' +
      'once, verifies, hashes and applies the rules. The floor verifies and hashes the same bytes with keys ' +
      `imported beforehand. ${ROUNDS} rounds of the whole log, fold and floor alternating first; ` +
      `${ROUNDS * 10} syncs of the last ${TAIL} entries from the state before them.`,
    '',
    `Goals (issue 30): the whole log at most ${FULL_GOAL_MS} ms (median): **${stats.full.median} ms**; ` +
      `a sync at most ${SYNC_GOAL_MS} ms (median): **${stats.sync.median} ms**; ${formatVerdict(pass)}.`,
  ].join('\n');
  return {
    body,
    goal: `${made.entries} entries from genesis ≤ ${FULL_GOAL_MS} ms, a sync of ${TAIL} ≤ ${SYNC_GOAL_MS} ms (median)`,
    pass,
    cpu,
    settings: `${ROUNDS} folds of the whole log and ${ROUNDS * 10} of its last ${TAIL} entries, one at a time, in one page.`,
    data: { entries: made.entries, people: PEOPLE, stats, chromiumVersion },
  };
}
