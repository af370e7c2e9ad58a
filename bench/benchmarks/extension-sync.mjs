// The browser extension's sync and encrypted local index in Chromium (issue 29), in a page of the
// real server (its origin and CSP) with the sync's reads answered in the page
// (bench/browser/extension-sync): (a) the first sync of BENCH_SYNC_SECRETS (10,000) password secrets
// on a new device against the floor of unwrapping their keys and opening their payloads bare in as
// many workers; (b) incremental syncs after 10 changes: payloads read and time; (c) a popup's open:
// the sealed index read and opened, and the current page's candidates found.
// A quick check: BENCH_SYNC_SECRETS=500 BENCH_SYNC_ROUNDS=1 node bench/run.mjs extension-sync
import {
  buildBenchPage,
  formatInteger,
  formatKilobytes,
  formatVerdict,
  launchChromium,
  median,
  openBenchPage,
  percentile,
  ratio,
  readCount,
  renderTable,
  startCpuWatch,
  startRealServer,
} from '../lib/index.mjs';

const SECRETS = readCount('BENCH_SYNC_SECRETS', 10_000);
const ROUNDS = readCount('BENCH_SYNC_ROUNDS', 2);
const CHANGES = 10;
const INCREMENTAL_ROUNDS = 5;
const OPENS = 30;
const LATENCY_MS = readCount('BENCH_SYNC_LATENCY_MS', 5);
const GOALS = { firstSyncRatio: 1.3, changedPayloads: CHANGES, popupMs: 100 };

export default {
  name: 'extension-sync',
  title:
    "The extension's sync and local index in Chromium: first sync against bare workers, changes, a popup's lookup",
  async run({ log, serverEnv }) {
    log('  building the page');
    const pageDir = await buildBenchPage('extension-sync');
    const server = await startRealServer({ env: { ...serverEnv, WEB_DIST: pageDir } });
    const chromium = await launchChromium();
    try {
      const page = await openBenchPage(chromium.browser, `${server.url}/`, 'extensionSyncBench', log);
      log(`  sealing ${formatInteger(SECRETS)} password secrets in the page`);
      const setUp = await page.evaluate(
        ({ count, latency }) => window.extensionSyncBench.setUp(count, latency),
        { count: SECRETS, latency: LATENCY_MS },
      );
      log(`  first sync, ${ROUNDS} rounds each way, ${setUp.workers} workers`);
      const watch = startCpuWatch([server.pid]);
      const first = await page.evaluate((rounds) => window.extensionSyncBench.firstSync(rounds), ROUNDS);
      log(`  ${INCREMENTAL_ROUNDS} incremental syncs after ${CHANGES} changes each`);
      const later = await page.evaluate(
        ({ rounds, changes }) => window.extensionSyncBench.incremental(rounds, changes),
        { rounds: INCREMENTAL_ROUNDS, changes: CHANGES },
      );
      log(`  ${OPENS} popup opens`);
      const popup = await page.evaluate((times) => window.extensionSyncBench.lookup(times), OPENS);
      const cpu = await watch.stop();
      return report({ first, later, popup }, { cpu, chromiumVersion: chromium.version, server });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

const round = (value) => Math.round(value * 10) / 10;

/**
 * The verdict: the first sync's median against the bare floor's, every payload opened and none failed;
 * at most CHANGES payloads read (and exactly CHANGES opened) per sync after CHANGES changes; the
 * popup's p95 within the goal over an index of every secret.
 */
export function judgeExtensionSync({ first, later, popup }, secrets) {
  const firstRatio = ratio(median(first.app), median(first.bare)) ?? Number.POSITIVE_INFINITY;
  const mostPayloads = Math.max(...later.payloads);
  const popupP95 = percentile(popup.total, 0.95);
  const checks = {
    first: firstRatio <= GOALS.firstSyncRatio && first.opened === secrets && first.failed === 0,
    changed: mostPayloads <= GOALS.changedPayloads && later.opened.every((opened) => opened === CHANGES),
    popup: popupP95 <= GOALS.popupMs && popup.entries === secrets,
  };
  return { firstRatio, mostPayloads, popupP95, checks, pass: checks.first && checks.changed && checks.popup };
}

function report({ first, later, popup }, { cpu, chromiumVersion, server }) {
  const stats = {
    app: median(first.app),
    bare: median(first.bare),
    incremental: median(later.times),
    incrementalP95: percentile(later.times, 0.95),
    popup: median(popup.total),
    popupP95: percentile(popup.total, 0.95),
    popupLoad: median(popup.load),
    popupFind: median(popup.find),
    popupFloor: median(popup.floor),
    popupFloorP95: percentile(popup.floor, 0.95),
  };
  const { firstRatio, mostPayloads, checks, pass } = judgeExtensionSync({ first, later, popup }, SECRETS);
  const seconds = (ms) => (ms / 1000).toFixed(2);
  const rows = [
    [
      'first sync, bare floor',
      `the ${formatInteger(SECRETS)} records already in the page, 100 a message to ${first.workers} workers: RSA-OAEP unwrap, \`importKey\`, AES-GCM decrypt, \`JSON.parse\``,
      `${seconds(stats.bare)} s`,
      '1.00×',
    ],
    [
      'first sync, the extension',
      `\`syncIndex\` from no cursor (pages of changes read through \`fetch\`: ${first.requests}, each while the previous one opens) in \`createIndexOpener\`'s workers, entries kept, the index sealed and stored`,
      `${seconds(stats.app)} s`,
      `${firstRatio.toFixed(2)}×`,
    ],
    [
      `sync after ${CHANGES} changes`,
      `payloads read: ${later.payloads.join(', ')} (goal ≤ ${GOALS.changedPayloads}); requests: ${later.requests.join(', ')}; the index sealed and stored`,
      `${round(stats.incremental)} ms (p95 ${round(stats.incrementalP95)})`,
      '',
    ],
    [
      "a popup's open, floor",
      `the same index as plain JSON (${formatKilobytes(popup.plainBytes)}, no encryption, packing or compression) parsed and scanned for the page's site`,
      `${round(stats.popupFloor)} ms (p95 ${round(stats.popupFloorP95)})`,
      '1.00×',
    ],
    [
      "a popup's open",
      `the sealed index (${formatKilobytes(first.blobBytes)}) read as stored, opened (${round(stats.popupLoad)} ms median), the page's candidates found (${round(stats.popupFind)} ms; ${Math.min(...popup.candidates)}–${Math.max(...popup.candidates)} of ${formatInteger(popup.entries)})`,
      `${round(stats.popup)} ms (p95 ${round(stats.popupP95)})`,
      `${ratio(stats.popup, stats.popupFloor)?.toFixed(2)}×`,
    ],
  ];
  const body = [
    renderTable(['what', 'what a run does', 'median', 'vs its floor'], rows, [
      'left',
      'left',
      'right',
      'right',
    ]),
    '',
    `Chromium ${chromiumVersion} (\`/usr/bin/chromium\`, headless), a page served by ${server.name} under its ` +
      `own CSP running the extension's sync module (\`packages/extension/src/sync\`) as the popup or an offscreen ` +
      `document runs it. The caller has a real RSA-OAEP-3072 pair (the private key non-extractable, as unlocked) ` +
      `and ${formatInteger(SECRETS)} password secrets on ${formatInteger(4_000)} sites, one in five with a second URL. ` +
      "The sync's reads (`changes.json`, `ids.json`) are answered inside the page by the extension tests' server " +
      `model through JSON and \`Response\`, each after ${LATENCY_MS} ms: the browser's work is what is weighed. ` +
      `The first sync runs ${ROUNDS} times each way, the order alternating (workers started inside each run). ` +
      'The store keeps the blob as a JSON string, as `chrome.storage.local` serialises it; reading from ' +
      "Chromium's own storage is not in this page. The popup's lookup is `candidatesFor` (the registrable " +
      "domain's entries); the final ranking (h4's `rankSecrets`) orders those few. Its floor, side by side " +
      'in the same opens (the order alternating), says how fast this machine was at the time: the goal is ' +
      'absolute, so a shared machine can miss it with the floor missing it too.',
    '',
    `Goals: first sync ≤ ${GOALS.firstSyncRatio}× the bare floor (median): **${firstRatio.toFixed(2)}×**, ` +
      `${formatVerdict(checks.first)}; a sync after ${CHANGES} changes reads ≤ ${GOALS.changedPayloads} payloads: ` +
      `**${mostPayloads}**, ${formatVerdict(checks.changed)}; the popup's matches ≤ ${GOALS.popupMs} ms after ` +
      `opening (p95, opening the sealed index included): **${round(stats.popupP95)} ms**, ${formatVerdict(checks.popup)}.`,
  ].join('\n');
  return {
    body,
    goal: `first sync ≤ ${GOALS.firstSyncRatio}× bare workers, ≤ ${CHANGES} payloads per ${CHANGES} changes, popup ≤ ${GOALS.popupMs} ms`,
    pass,
    cpu,
    settings: `${SECRETS} secrets, ${ROUNDS} first syncs each way, ${INCREMENTAL_ROUNDS} incremental syncs, ${OPENS} popup opens, ${first.workers} workers.`,
    data: {
      secrets: SECRETS,
      workers: first.workers,
      latencyMs: LATENCY_MS,
      stats,
      first,
      later,
      popup: { ...popup, candidates: undefined },
      chromiumVersion,
    },
  };
}
