// Opening a secret in Chromium: fetch its record from the real server, unwrap its key with the
// non-extractable RSA private key, decrypt with AES-GCM and parse. The web app's own code path
// (openSecretRecord) and core's functions against the bare WebCrypto calls doing the same work.

import { BENCH_PASSWORD, loadCredentials, startSeededServer } from '../dataset/index.mjs';
import {
  buildBenchPage,
  formatVerdict,
  launchChromium,
  medianAndP95ByKey,
  openBenchPage,
  ratio,
  readCount,
  renderTable,
  signInInPage,
  startCpuWatch,
} from '../lib/index.mjs';

const OPENS = readCount('BENCH_OPENS', 200);
const WARMUP_OPENS = 20;
const GOAL_RATIO = 1.5;
const VARIANTS = [
  [
    'raw',
    'bare WebCrypto (reference)',
    'fetch, `subtle.decrypt` RSA-OAEP, `importKey`, `subtle.decrypt` AES-GCM, `JSON.parse`',
  ],
  [
    'core',
    "core's functions",
    'fetch, `unwrapSecretKey`, `openSecret` (base64 and UTF-8 checks, errors as `CryptoError`)',
  ],
  [
    'app',
    "the web app's path",
    '`openSecretRecord`: API client, key store, core, `normalisePayload`, revision memory',
  ],
];

export default {
  name: 'open-secret',
  title: 'Opening a secret in Chromium: the app against bare WebCrypto',
  async run({ log, serverEnv }) {
    log('  building the page');
    const pageDir = await buildBenchPage('open-secret');
    const { server, manifest } = await startSeededServer({ env: { ...serverEnv, WEB_DIST: pageDir }, log });
    const chromium = await launchChromium();
    try {
      const member = (await loadCredentials()).users.largeMember;
      const ids = pickIds(manifest.users.largeMember.openableSecretIds, WARMUP_OPENS + OPENS);
      const page = await openBenchPage(chromium.browser, `${server.url}/`, 'openSecretBench');
      log('  signing in in the page (derives the keys: about a second)');
      const userId = await signInInPage(page, 'openSecretBench', {
        email: member.email,
        password: BENCH_PASSWORD,
      });
      log(`  opening ${OPENS} secrets three ways`);
      const watch = startCpuWatch([server.pid]);
      const times = await page.evaluate(
        ({ user, warmup, measured }) => window.openSecretBench.measure(user, warmup, measured),
        { user: userId, warmup: ids.slice(0, WARMUP_OPENS), measured: ids.slice(WARMUP_OPENS) },
      );
      const cpu = await watch.stop();
      return report(times, { cpu, chromiumVersion: chromium.version, server });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

function report(times, { cpu, chromiumVersion, server }) {
  const stats = medianAndP95ByKey(times);
  const versus = (key, reference, field) =>
    `${ratio(stats[key][field], stats[reference][field])?.toFixed(2)}×`;
  const row = (key, name, what, reference) => [
    name,
    what,
    stats[key].median,
    stats[key].p95,
    versus(key, reference, 'median'),
    versus(key, reference, 'p95'),
  ];
  const headers = ['way', 'what one open does', 'median ms', 'p95 ms', 'median vs raw', 'p95 vs raw'];
  const align = ['left', 'left', 'right', 'right', 'right', 'right'];
  const appRatio = ratio(stats.app.median, stats.raw.median) ?? Number.POSITIVE_INFINITY;
  const pass = appRatio <= GOAL_RATIO;
  const body = [
    renderTable(
      headers,
      VARIANTS.map(([key, name, what]) => row(key, name, what, 'raw')),
      align,
    ),
    '',
    'Decryption alone, on a record already fetched:',
    '',
    renderTable(
      headers,
      [
        row('decryptRaw', 'bare WebCrypto (reference)', 'unwrap, import, decrypt, parse', 'decryptRaw'),
        row('decryptCore', "core's functions", '`unwrapSecretKey`, `openSecret`', 'decryptRaw'),
      ],
      align,
    ),
    '',
    `Chromium ${chromiumVersion} (\`/usr/bin/chromium\`, headless), the page served by ${server.name} ` +
      "under its own CSP. The large organisation's member signs in with the web app's sign-in flow " +
      '(`proveCredentials`, `completeSignIn`), which unlocks their RSA-OAEP-3072 private key into the ' +
      `key store as a non-extractable \`CryptoKey\`; then ${OPENS} different secrets (after ` +
      `${WARMUP_OPENS} unrecorded) are each opened once per way, the order rotating, and every way must ` +
      'give the same payload. Times are `performance.now()` in the page around one open, the ' +
      '`GET /api/v1/secrets/{id}.json` included (its sealed payload and the 384-byte wrapped key).',
    '',
    `Goal: the web app's path at most ${GOAL_RATIO}× the bare WebCrypto calls (median): ` +
      `**${appRatio.toFixed(2)}×**, ${formatVerdict(pass)}.`,
  ].join('\n');
  return {
    body,
    goal: `app ≤ ${GOAL_RATIO}× raw WebCrypto (median)`,
    pass,
    cpu,
    settings: `${OPENS} opens per way, one at a time, in one page.`,
    data: { opens: OPENS, stats, chromiumVersion },
  };
}

// Spread over the member's secrets rather than the first few, so no two opens share neighbours.
function pickIds(all, count) {
  if (all.length < count) throw new Error(`the dataset has only ${all.length} secrets to open`);
  const step = Math.floor(all.length / count);
  return Array.from({ length: count }, (_, index) => all[index * step]);
}
