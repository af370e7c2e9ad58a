// Uploading and downloading a 10 MB attachment in Chromium (issue 27): the web app's upload and
// download against the floor of the same requests carrying plain bytes plus bare WebCrypto AES-GCM
// over the same chunks. Everything goes through the real server's attachment routes
// (bench/browser/attachment-transfer/main.ts).

import { BENCH_PASSWORD, loadCredentials, startSeededServer } from '../dataset/index.mjs';
import {
  buildBenchPage,
  formatVerdict,
  launchChromium,
  median,
  openBenchPage,
  ratio,
  readCount,
  renderTable,
  signInInPage,
  startCpuWatch,
} from '../lib/index.mjs';

const ROUNDS = readCount('BENCH_ATTACHMENT_ROUNDS', 10);
const WARMUP = 2;
// Secrets of the member's that are tried, in turn, until one takes files from them.
const CANDIDATES = 20;
const GOAL_RATIO = 1.3;
const ROWS = [
  [
    'appUp',
    'upload, the web app',
    '`uploadAttachment`: File slices, `sealAttachmentChunk`, PUT in order, complete',
  ],
  [
    'plainUp',
    'upload, plain bytes',
    'the same POST, 10 PUTs of the same lengths and complete, random bytes, no crypto',
  ],
  ['bareSeal', 'seal, bare WebCrypto', '`file.arrayBuffer()`, `subtle.encrypt` AES-GCM of each 1 MiB chunk'],
  [
    'appDown',
    'download, the web app',
    '`downloadAttachment`: streamed body cut into chunks, `openAttachmentChunk`, a Blob',
  ],
  ['plainDown', 'download, plain bytes', 'the same GET, the whole body read'],
  ['bareOpen', 'open, bare WebCrypto', '`subtle.decrypt` AES-GCM of each chunk of a fetched body, a Blob'],
];

export default {
  name: 'attachment-transfer',
  title: 'A 10 MB attachment up and down in Chromium: the app against plain transfer plus bare WebCrypto',
  async run({ log, serverEnv }) {
    log('  building the page');
    const pageDir = await buildBenchPage('attachment-transfer');
    const { server, manifest } = await startSeededServer({ env: { ...serverEnv, WEB_DIST: pageDir }, log });
    const chromium = await launchChromium();
    try {
      const member = (await loadCredentials()).users.largeMember;
      const candidates = manifest.users.largeMember.openableSecretIds.slice(0, CANDIDATES);
      const page = await openBenchPage(chromium.browser, `${server.url}/`, 'attachmentTransferBench', log);
      log('  signing in in the page (derives the keys: about a second)');
      await signInInPage(page, 'attachmentTransferBench', { email: member.email, password: BENCH_PASSWORD });
      log(`  moving 10 MB up and down ${ROUNDS} times (after ${WARMUP} unrecorded) each way`);
      const watch = startCpuWatch([server.pid]);
      const rounds = await page.evaluate(
        ({ ids, warmup, measured }) => window.attachmentTransferBench.measure(ids, warmup, measured),
        { ids: candidates, warmup: WARMUP, measured: ROUNDS },
      );
      const cpu = await watch.stop();
      return report(rounds, { cpu, chromiumVersion: chromium.version, server });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

/** The verdict of a set of rounds: medians per way, and the app's round trip against the floor's. */
export function summarise(rounds) {
  const stats = Object.fromEntries(
    ROWS.map(([key]) => {
      const list = rounds.map((round) => round[key]);
      return [key, { median: round2(median(list)), p95: round2(percentile(list, 0.95)) }];
    }),
  );
  const app = stats.appUp.median + stats.appDown.median;
  const floor = stats.plainUp.median + stats.bareSeal.median + stats.plainDown.median + stats.bareOpen.median;
  const upRatio =
    ratio(stats.appUp.median, stats.plainUp.median + stats.bareSeal.median) ?? Number.POSITIVE_INFINITY;
  const downRatio =
    ratio(stats.appDown.median, stats.plainDown.median + stats.bareOpen.median) ?? Number.POSITIVE_INFINITY;
  const roundTripRatio = ratio(app, floor) ?? Number.POSITIVE_INFINITY;
  return {
    stats,
    app: round2(app),
    floor: round2(floor),
    upRatio,
    downRatio,
    roundTripRatio,
    pass: roundTripRatio <= GOAL_RATIO,
  };
}

function report(rounds, { cpu, chromiumVersion, server }) {
  const { stats, app, floor, upRatio, downRatio, roundTripRatio, pass } = summarise(rounds);
  const body = [
    renderTable(
      ['way', 'what one transfer does', 'median ms', 'p95 ms'],
      ROWS.map(([key, name, what]) => [name, what, stats[key].median, stats[key].p95]),
      ['left', 'left', 'right', 'right'],
    ),
    '',
    renderTable(
      ['', 'the web app (ms)', 'plain transfer + bare WebCrypto (ms)', 'ratio'],
      [
        [
          'upload',
          stats.appUp.median,
          round2(stats.plainUp.median + stats.bareSeal.median),
          `${upRatio.toFixed(2)}×`,
        ],
        [
          'download',
          stats.appDown.median,
          round2(stats.plainDown.median + stats.bareOpen.median),
          `${downRatio.toFixed(2)}×`,
        ],
        ['up and down', app, floor, `${roundTripRatio.toFixed(2)}×`],
      ],
      ['left', 'right', 'right', 'right'],
    ),
    '',
    `Chromium ${chromiumVersion} (\`/usr/bin/chromium\`, headless), the page served by ${server.name} ` +
      "under its own CSP. The large organisation's member signs in with the web app's flow; the first of " +
      'their secrets that takes files from them carries every upload. Each round moves one file of ' +
      '10 MB (10 × 1 MiB chunks) of random bytes up and down with the web app and with the floor, the ' +
      'order alternating, and deletes what it made; the app must give the file back byte for byte. The ' +
      "floor's requests are the app's (one announcement, ten PUTs of the sealed chunks' lengths, the " +
      "completion, one GET) with random bytes and no crypto; bare WebCrypto's seal and open run over " +
      "the same chunks with the same additional data and are timed apart, so the floor is the transfer's " +
      'time plus the crypto time, with nothing overlapped.',
    '',
    `Goal: uploading and downloading with the web app at most ${GOAL_RATIO}× the plain transfer plus bare ` +
      `WebCrypto (medians, up and down together): **${roundTripRatio.toFixed(2)}×**, ${formatVerdict(pass)}.`,
  ].join('\n');
  return {
    body,
    goal: `app up + down ≤ ${GOAL_RATIO}× plain transfer + bare AES-GCM (median)`,
    pass,
    cpu,
    settings: `${ROUNDS} rounds (after ${WARMUP}) of one 10 MB file up and down per way, one at a time, in one page.`,
    data: { rounds: ROUNDS, stats, app, floor, upRatio, downRatio, roundTripRatio, chromiumVersion },
  };
}

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

function round2(value) {
  return Math.round(value * 100) / 100;
}
