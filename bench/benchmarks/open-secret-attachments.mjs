// Opening a secret that carries ten attachments against the same secret with none (issue 27), in
// Chromium with the web app's openSecretRecord. The file keys travel in the sealed payload, the files
// only on download: the open must cost the same and ask the server for nothing more. The secret calls
// are answered in the page (save-secret's in-page store), after the latency of a real GET.

import {
  buildBenchPage,
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

const OPENS = readCount('BENCH_ATTACHMENT_OPENS', 200);
const WARMUP = 20;
const LATENCY_MS = 5;
const GOAL_RATIO = 1.1;

export default {
  name: 'open-secret-attachments',
  title: 'Opening a secret with ten attachments against one with none',
  async run({ log, serverEnv }) {
    log('  building the page');
    const pageDir = await buildBenchPage('open-secret-attachments');
    const server = await startRealServer({ env: { ...serverEnv, WEB_DIST: pageDir } });
    const chromium = await launchChromium();
    try {
      const page = await openBenchPage(chromium.browser, `${server.url}/`, 'openSecretAttachmentsBench');
      log(`  sealing ${WARMUP + OPENS} pairs of secrets in the page`);
      const ids = await page.evaluate(
        ({ count, latency }) => window.openSecretAttachmentsBench.setUp(count, latency),
        { count: WARMUP + OPENS, latency: LATENCY_MS },
      );
      log(`  opening ${OPENS} pairs`);
      const watch = startCpuWatch([server.pid]);
      const result = await page.evaluate(
        ({ pairs, warmup }) => window.openSecretAttachmentsBench.measure(pairs, warmup),
        { pairs: ids, warmup: WARMUP },
      );
      const cpu = await watch.stop();
      return report(result, { cpu, chromiumVersion: chromium.version });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

function report({ plain, withFiles, filesSeen, otherRequests }, { cpu, chromiumVersion }) {
  const stats = {
    plain: { median: round(median(plain)), p95: round(percentile(plain, 0.95)) },
    withFiles: { median: round(median(withFiles)), p95: round(percentile(withFiles, 0.95)) },
  };
  const openRatio = ratio(stats.withFiles.median, stats.plain.median) ?? Number.POSITIVE_INFINITY;
  const expectedFiles = 10 * (WARMUP + OPENS);
  const pass = openRatio <= GOAL_RATIO && otherRequests.length === 0 && filesSeen === expectedFiles;
  const body = [
    renderTable(
      ['secret', 'median ms', 'p95 ms', 'median vs none'],
      [
        ['no attachments (reference)', stats.plain.median, stats.plain.p95, '1.00×'],
        ['ten attachments', stats.withFiles.median, stats.withFiles.p95, `${openRatio.toFixed(2)}×`],
      ],
      ['left', 'right', 'right', 'right'],
    ),
    '',
    `Chromium ${chromiumVersion} (\`/usr/bin/chromium\`, headless), a page served by Coffer under its own CSP. ` +
      `${OPENS} pairs of password secrets (after ${WARMUP} unrecorded), the same payload without files and ` +
      'with ten (names, sizes, media types and 32-byte file keys in the sealed JSON), each opened once per ' +
      "way with the web app's `openSecretRecord`, the order alternating. The `GET` is answered in the page " +
      `after ${LATENCY_MS} ms. Requests other than the secret's own: **${otherRequests.length}**; file ` +
      `references read from the opened payloads: ${filesSeen} of ${expectedFiles}.`,
    '',
    `Goal: a secret with ten attachments opens in at most ${GOAL_RATIO}× the time of one without (median) ` +
      `and fetches no file: **${openRatio.toFixed(2)}×**, ${formatVerdict(pass)}.`,
  ].join('\n');
  return {
    body,
    goal: `ten attachments ≤ ${GOAL_RATIO}× none (median), no file fetched`,
    pass,
    cpu,
    settings: `${OPENS} opens per way, one at a time, in one page.`,
    data: { opens: OPENS, stats, otherRequests, filesSeen, chromiumVersion },
  };
}

function round(value) {
  return Math.round(value * 100) / 100;
}
