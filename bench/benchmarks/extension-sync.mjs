// The browser extension's sync and encrypted local index in Chromium (issue 29), in a page of the real
// server on the seeded dataset (its origin and CSP), signed in as the large organisation's member with
// the web app's flow, the sync reading the real server over HTTP (bench/browser/extension-sync):
// (a) the first sync of every password secret the member reads (13,000-odd of the 100,000-secret
// dataset) on a new device against the floor of unwrapping their keys and opening their payloads bare
// in as many workers; (b) incremental syncs after 10 changes: payloads read and time; (c) a popup's
// open: the sealed index read and opened, the current page's matches ranked, the sync behind them.
// A quick check: BENCH_SECRETS=2000 node bench/run.mjs extension-sync
import { BENCH_PASSWORD, loadCredentials, startSeededServer } from '../dataset/index.mjs';
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
  signInInPage,
  startCpuWatch,
} from '../lib/index.mjs';

const ROUNDS = readCount('BENCH_SYNC_ROUNDS', 1);
const CHANGES = 10;
const INCREMENTAL_ROUNDS = 5;
const OPENS = 30;
const FORMER_OPENS = 5;
const GOALS = { firstSyncRatio: 1.3, changedPayloads: CHANGES, popupMs: 100, secrets: 10_000 };
const API = 'extensionSyncBench';

export default {
  name: 'extension-sync',
  title:
    "The extension's sync and local index in Chromium against the seeded server: first sync against bare workers, changes, a popup's matches",
  async run({ log, serverEnv }) {
    log('  building the page');
    const pageDir = await buildBenchPage('extension-sync');
    // Plan limits off: the seeded organisation is far past the free plan's, and restoring a secret (the
    // changes of (b)) counts against them; nothing here is about billing.
    const { server } = await startSeededServer({
      env: { ...serverEnv, WEB_DIST: pageDir, BILLING: 'off' },
      log,
    });
    const chromium = await launchChromium();
    try {
      const member = (await loadCredentials()).users.largeMember;
      const page = await openBenchPage(chromium.browser, `${server.url}/`, API, log);
      log('  signing the member in in the page (derives the keys: about a second)');
      const userId = await signInInPage(page, API, { email: member.email, password: BENCH_PASSWORD });
      const setUp = await page.evaluate((user) => window.extensionSyncBench.setUp(user), userId);
      log(`  first sync, ${ROUNDS} rounds each way, ${setUp.workers} workers`);
      const watch = startCpuWatch([server.pid]);
      const first = await page.evaluate((rounds) => window.extensionSyncBench.firstSync(rounds), ROUNDS);
      log(
        `  ${formatInteger(first.opened)} password secrets synced; ${INCREMENTAL_ROUNDS} incremental syncs after ${CHANGES} changes each`,
      );
      const later = await page.evaluate(
        ({ rounds, changes }) => window.extensionSyncBench.incremental(rounds, changes),
        { rounds: INCREMENTAL_ROUNDS, changes: CHANGES },
      );
      log(`  ${OPENS} popup opens`);
      const popup = await page.evaluate((times) => window.extensionSyncBench.lookup(times), OPENS);
      log(`  ${FORMER_OPENS} opens of the popup as it was (every login matched and rendered)`);
      const former = await page.evaluate(
        (times) => window.extensionSyncBench.formerPopup(times),
        FORMER_OPENS,
      );
      const cpu = await watch.stop();
      return report({ first, later, popup, former }, { cpu, chromiumVersion: chromium.version, server });
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
 * popup's p95 within the goal over an index of every secret, at least 10,000 of them.
 */
export function judgeExtensionSync({ first, later, popup }, secrets) {
  const firstRatio = ratio(median(first.app), median(first.bare)) ?? Number.POSITIVE_INFINITY;
  const mostPayloads = Math.max(...later.payloads);
  const popupP95 = percentile(popup.total, 0.95);
  const checks = {
    first: firstRatio <= GOALS.firstSyncRatio && first.opened === secrets && first.failed === 0,
    changed: mostPayloads <= GOALS.changedPayloads && later.opened.every((opened) => opened === CHANGES),
    // The goal is stated for 10,000 password secrets: a smaller dataset (a quick run) cannot meet it.
    popup: popupP95 <= GOALS.popupMs && popup.entries === secrets && secrets >= GOALS.secrets,
  };
  return { firstRatio, mostPayloads, popupP95, checks, pass: checks.first && checks.changed && checks.popup };
}

function report({ first, later, popup, former }, { cpu, chromiumVersion, server }) {
  const stats = {
    app: median(first.app),
    bare: median(first.bare),
    incremental: median(later.times),
    incrementalP95: percentile(later.times, 0.95),
    popup: median(popup.total),
    popupP95: percentile(popup.total, 0.95),
    popupLoad: median(popup.load),
    popupFind: median(popup.find),
    popupRender: median(popup.render),
    formerMatch: median(former.match),
    formerRender: median(former.render),
    popupFloor: median(popup.floor),
    popupFloorP95: percentile(popup.floor, 0.95),
    popupSync: median(popup.sync),
    popupSteps: Object.fromEntries(Object.entries(popup.steps).map(([step, times]) => [step, median(times)])),
  };
  const secrets = first.records;
  const { firstRatio, mostPayloads, checks, pass } = judgeExtensionSync({ first, later, popup }, secrets);
  const seconds = (ms) => (ms / 1000).toFixed(2);
  const rows = [
    [
      'first sync, bare floor',
      `the ${formatInteger(secrets)} records already in the page (fetched before the timing), 100 a message to ${first.workers} workers: RSA-OAEP unwrap, \`importKey\`, AES-GCM decrypt, \`JSON.parse\``,
      `${seconds(stats.bare)} s`,
      '1.00×',
    ],
    [
      'first sync, the extension',
      `\`syncIndex\` from no cursor: the readable ids listed (\`ids.json\`, ${first.requests.ids} pages), their secrets read 500 to a \`POST read.json\` (${first.requests.read} reads, ${first.requests.changes} pages of changes), 3 reads in flight until opened, in \`createIndexOpener\`'s workers; entries kept, the index sealed and stored`,
      `${seconds(stats.app)} s`,
      `${firstRatio.toFixed(2)}×`,
    ],
    [
      `sync after ${CHANGES} changes`,
      `${CHANGES} secrets marked for deletion (the sync after the marks drops them: ${later.removed.join(', ')}), then restored; the sync after the restore: payloads read ${later.payloads.join(', ')} (goal ≤ ${GOALS.changedPayloads}), requests ${later.requests.join(', ')}, the index sealed and stored`,
      `${round(stats.incremental)} ms (p95 ${round(stats.incrementalP95)})`,
      '',
    ],
    [
      "a popup's open, floor",
      `the same index as plain JSON (${formatKilobytes(popup.plainBytes)}, no encryption, packing or compression) parsed and scanned for the page's site, the same rows rendered`,
      `${round(stats.popupFloor)} ms (p95 ${round(stats.popupFloorP95)})`,
      '1.00×',
    ],
    [
      "a popup's open",
      `the sealed index (${formatKilobytes(first.blobBytes)}) read as stored, opened (${round(stats.popupLoad)} ms median), the popup's list made (\`popupList\`: the page's matches found by site and ranked, the first rows; ${round(stats.popupFind)} ms; ${Math.min(...popup.matches)}–${Math.max(...popup.matches)} matches of ${formatInteger(popup.entries)}, pages of ${popup.sites} sites) and rendered (its ${popup.rows} rows, \`EntryList\`, React and layout; ${round(stats.popupRender)} ms); the sync behind them (not in the time): ${round(stats.popupSync)} ms median, requests ${Math.min(...popup.syncRequests)}–${Math.max(...popup.syncRequests)}, payloads ${Math.max(...popup.syncPayloads)} at most`,
      `${round(stats.popup)} ms (p95 ${round(stats.popupP95)})`,
      `${ratio(stats.popup, stats.popupFloor)?.toFixed(2)}×`,
    ],
  ];
  const steps = Object.entries(popup.steps)
    .map(([step, times]) => `${step} ${round(median(times))}`)
    .join(', ');
  const body = [
    renderTable(['what', 'what a run does', 'median', 'vs its floor'], rows, [
      'left',
      'left',
      'right',
      'right',
    ]),
    '',
    `Chromium ${chromiumVersion} (\`/usr/bin/chromium\`, headless), a page served by ${server.name} on the ` +
      'seeded dataset (docs/benchmarks.md, "The seeded dataset") under its own CSP, running the extension\'s sync ' +
      "module (`packages/extension/src/sync`) as the popup runs it. The large organisation's member signs in " +
      "with the web app's flow (the private key unlocked non-extractable) and syncs every password secret they " +
      `read: ${formatInteger(secrets)}, sealed for them for real, whose URLs fall on the dataset's ` +
      `${formatInteger(popup.indexSites)} services (so a site has many more matches than in a real vault, all ` +
      'ranked: a harder case). The ' +
      "sync reads the real server's `ids.json` and `read.json` (a first sync) and `changes.json` (later ones) over HTTP with the " +
      `member's token. The first sync runs ${ROUNDS} time(s) each way, the order alternating (workers started ` +
      "inside each run). The changes are the web app's mark for deletion and restore of secrets the member may " +
      'change. The store keeps the blob as a JSON string, as `chrome.storage.local` serialises it; reading from ' +
      "Chromium's own storage is not in this page. The popup's time to matches is `loadIndex`, then " +
      "`popupList` (the registrable domain's entries through `entriesFor` and h4's `rankSecrets`, then the " +
      "first rows), then its `EntryList` rendered with React into the page and laid out; the popup's sync " +
      'starts after it and is timed apart. The floor, side by side in the same opens (the order alternating), ' +
      'says how fast this machine was at the time: the goal is absolute, so a shared machine can miss it with ' +
      'the floor missing it too.',
    '',
    `The popup as it was before (${former.match.length} opens): every login matched against the page (\`rankSecrets\` over all ${formatInteger(popup.entries)}) ${round(stats.formerMatch)} ms median, every login rendered (${formatInteger(former.rows)} rows) ${round(stats.formerRender)} ms median, on top of opening the index.`,
    '',
    `Where an open of the sealed index goes (medians in ms, the same steps as \`loadIndex\` timed one by one in a pass of their own): ${steps}.`,
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
    settings: `${secrets} password secrets of the member, ${ROUNDS} first syncs each way, ${INCREMENTAL_ROUNDS} incremental syncs, ${OPENS} popup opens, ${first.workers} workers.`,
    data: {
      secrets,
      workers: first.workers,
      stats,
      first,
      later,
      popup: { ...popup, candidates: undefined, matches: undefined, steps: undefined },
      former,
      chromiumVersion,
    },
  };
}
