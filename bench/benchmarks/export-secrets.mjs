// Exporting secrets in Chromium: the owner's Download all secrets as the web app runs it (list the
// chests and the secrets' metadata, open every secret with the crypto client, write secrets.xlsx
// with write-excel-file) against the bare WebCrypto cost of opening the same secrets (a plain
// fetch, `subtle.decrypt` RSA-OAEP, `importKey`, `subtle.decrypt` AES-GCM, `JSON.parse`), as many
// at a time as the app. BENCH_EXPORT_SECRETS (10,000) sets how many; BENCH_SECRETS sizes the
// seeded organisation, whose member reads about a sixth of it (so 10,000 needs the default 100,000).
// A quick check: BENCH_SECRETS=2000 BENCH_EXPORT_SECRETS=300 node bench/run.mjs export-secrets

import { BENCH_PASSWORD, loadCredentials, startSeededServer } from '../dataset/index.mjs';
import {
  buildBenchPage,
  formatInteger,
  formatKilobytes,
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

const EXPORTS = readCount('BENCH_EXPORT_SECRETS', 10_000);
const ROUNDS = readCount('BENCH_EXPORT_ROUNDS', 2);
const WARMUP = Math.min(200, EXPORTS);
const GOAL_RATIO = 1.5;

export default {
  name: 'export-secrets',
  title: 'Exporting secrets in Chromium: the app against bare WebCrypto',
  async run({ log, serverEnv }) {
    log('  building the page');
    const pageDir = await buildBenchPage('export-secrets');
    const { server, manifest } = await startSeededServer({ env: { ...serverEnv, WEB_DIST: pageDir }, log });
    const chromium = await launchChromium();
    try {
      const readable = manifest.users.largeMember.openableSecretIds.length;
      if (readable < EXPORTS) {
        throw new Error(
          `the member reads ${readable} secrets, fewer than BENCH_EXPORT_SECRETS=${EXPORTS}: raise BENCH_SECRETS`,
        );
      }
      const member = (await loadCredentials()).users.largeMember;
      const page = await openBenchPage(chromium.browser, `${server.url}/`, 'exportSecretsBench');
      log('  signing in in the page (derives the keys: about a second)');
      const userId = await signInInPage(page, 'exportSecretsBench', {
        email: member.email,
        password: BENCH_PASSWORD,
      });
      log(`  exporting ${EXPORTS} of the member's ${readable} secrets, ${ROUNDS} rounds each way`);
      const watch = startCpuWatch([server.pid]);
      const times = await page.evaluate(
        ({ user, count, rounds, warmup }) => window.exportSecretsBench.measure(user, count, rounds, warmup),
        { user: userId, count: EXPORTS, rounds: ROUNDS, warmup: WARMUP },
      );
      const cpu = await watch.stop();
      return report(times, { cpu, chromiumVersion: chromium.version, server, readable });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

function report(times, { cpu, chromiumVersion, server, readable }) {
  const seconds = (ms) => Math.round(ms / 10) / 100;
  const stats = {
    app: median(times.app),
    raw: median(times.raw),
    decrypt: median(times.decrypt),
  };
  const perSecret = (ms) => Math.round((ms / times.count) * 1000) / 1000;
  const versus = (key) => `${ratio(stats[key], stats.raw)?.toFixed(2)}×`;
  const appRatio = ratio(stats.app, stats.raw) ?? Number.POSITIVE_INFINITY;
  const pass = appRatio <= GOAL_RATIO;
  const rows = [
    [
      'bare WebCrypto (reference)',
      'per secret: fetch, RSA-OAEP unwrap, `importKey`, AES-GCM decrypt, `JSON.parse`',
      seconds(stats.raw),
      perSecret(stats.raw),
      versus('raw'),
    ],
    [
      'the web app’s export',
      'list chests and metadata (200 a page), `openSecretsInBatch` → `openSecretRecord` per secret, sheets, write-excel-file',
      seconds(stats.app),
      perSecret(stats.app),
      versus('app'),
    ],
    [
      'WebCrypto alone',
      'the same unwrap and decrypt on records already fetched (no network)',
      seconds(stats.decrypt),
      perSecret(stats.decrypt),
      versus('decrypt'),
    ],
  ];
  const body = [
    renderTable(['way', 'what a run does', 'median s', 'ms per secret', 'vs reference'], rows, [
      'left',
      'left',
      'right',
      'right',
      'right',
    ]),
    '',
    `Chromium ${chromiumVersion} (\`/usr/bin/chromium\`, headless), the page served by ${server.name} under ` +
      "its own CSP. The large organisation's member signs in with the web app's sign-in flow, which unlocks " +
      'their RSA-OAEP-3072 private key into the key store as a non-extractable `CryptoKey`; then ' +
      `${formatInteger(times.count)} of the ${formatInteger(readable)} secrets they read are exported ` +
      `${times.app.length} times each way (after a warm-up of ${WARMUP}), the order alternating, ` +
      `${times.concurrency} secrets in flight at a time in both ways. The app's run includes listing all ` +
      `${formatInteger(readable)} rows of metadata and writing the file (${formatKilobytes(times.bytes)}, ` +
      `${times.sheets} sheets); nothing decrypted leaves the page.`,
    '',
    `Goal: the export at most ${GOAL_RATIO}× the bare WebCrypto cost of opening the same secrets (median): ` +
      `**${appRatio.toFixed(2)}×**, ${formatVerdict(pass)}.`,
  ].join('\n');
  return {
    body,
    goal: `export ≤ ${GOAL_RATIO}× raw WebCrypto opening (median)`,
    pass,
    cpu,
    settings: `${times.count} secrets, ${times.app.length} rounds each way, ${times.concurrency} at a time, in one page.`,
    data: {
      count: times.count,
      readable,
      rounds: times.app.length,
      stats,
      bytes: times.bytes,
      chromiumVersion,
    },
  };
}
