// import-throughput's verdict and its section of docs/benchmarks.md.
import { formatInteger, formatVerdict, median, percentile, ratio, renderTable } from '../../lib/index.mjs';

/** The issue's goals (28). */
export const IMPORT_GOALS = { maxRatio: 1.3, maxListP99Ratio: 1.5 };

/** Whole-ms durations of a probe's 2xx answers, and how many failed. */
function durationsOf(samples) {
  const ok = samples.filter((sample) => sample.status >= 200 && sample.status < 300);
  return { ms: ok.map((sample) => sample.endMs - sample.startMs), failed: samples.length - ok.length };
}

function listStats(samples) {
  const { ms, failed } = durationsOf(samples);
  return {
    count: samples.length,
    failed,
    p50: ms.length ? round(percentile(ms, 0.5)) : null,
    p99: ms.length ? round(percentile(ms, 0.99)) : null,
  };
}

/** The ratios and the pass of a measured run. */
export function judgeImport(measured) {
  const floorMs = median(measured.floorMs);
  const importRatio = ratio(measured.app.ms, floorMs) ?? Number.POSITIVE_INFINITY;
  const { fromMs, toMs } = measured.list;
  const during = listStats(
    measured.list.during.filter((sample) => sample.startMs >= fromMs && sample.endMs <= toMs),
  );
  const quiet = listStats(measured.list.quiet);
  const listRatio = ratio(during.p99, quiet.p99) ?? Number.POSITIVE_INFINITY;
  const report = measured.app.report;
  const complete = report.created === measured.items && report.failed.length === 0;
  const pass =
    complete &&
    during.failed === 0 &&
    importRatio <= IMPORT_GOALS.maxRatio &&
    listRatio <= IMPORT_GOALS.maxListP99Ratio;
  return { floorMs, importRatio, during, quiet, listRatio, complete, pass };
}

/** The section's body. */
export function renderImport(measured, verdict, settings) {
  const seconds = (ms) => (ms / 1000).toFixed(2);
  const perItem = (ms) => (ms / measured.items).toFixed(2);
  const report = measured.app.report;
  const rows = [
    [
      'bare floor (reference)',
      `per item: a fresh key, \`sealSecret\`, \`wrapSecretKey\` for ${measured.readers} readers (keys imported once); ${measured.app.concurrency} items at a time; no network`,
      seconds(verdict.floorMs),
      perItem(verdict.floorMs),
      '1.00×',
    ],
    [
      'the wizard’s import',
      `\`runImport\` with \`importServices\`: readers listed and trust checked once; each item sealed, wrapped and its strength scored in the crypto pool (${measured.cryptoWorkers} workers started); 50 to a \`POST /api/v1/secrets/bulk.json\` in the batch, 4 requests in flight`,
      seconds(measured.app.ms),
      perItem(measured.app.ms),
      `${verdict.importRatio.toFixed(2)}×`,
    ],
  ];
  const listRows = [
    [
      'alone (before and after the import)',
      verdict.quiet.count,
      verdict.quiet.failed,
      verdict.quiet.p50,
      verdict.quiet.p99,
    ],
    [
      'during the import',
      verdict.during.count,
      verdict.during.failed,
      verdict.during.p50,
      verdict.during.p99,
    ],
  ];
  const phases = measured.phases;
  const floorPerItem = phases.sealMs / phases.items;
  const phaseRow = (name, what, ms) => [
    name,
    what,
    (ms / phases.items).toFixed(2),
    `${(ms / phases.items / floorPerItem).toFixed(2)}×`,
  ];
  const phaseRows = [
    phaseRow('sealing and wrapping', 'the floor’s work, 4 at a time on the page', phases.sealMs),
    phaseRow(
      'strength scoring',
      '`computeStrength` (zxcvbn-ts) of each password, one after another on the page',
      phases.strengthMs,
    ),
    phaseRow('JSON of the requests', '`JSON.stringify` of each bulk body', phases.jsonMs),
    phaseRow(
      'the server',
      `the ${phases.requests} bulk creates of sealed bodies, one after another (request, checks, one transaction each)`,
      phases.serverMs,
    ),
  ];
  return [
    renderTable(['way', 'what it does', 's', 'ms per item', 'vs floor'], rows, [
      'left',
      'left',
      'right',
      'right',
      'right',
    ]),
    '',
    renderTable(['the chest’s list (second client)', 'requests', 'failed', 'p50 ms', 'p99 ms'], listRows, [
      'left',
      'right',
      'right',
      'right',
      'right',
    ]),
    '',
    `Where the time goes: each phase alone, one after another, on ${formatInteger(phases.items)} other generated items (before the import; the sealing is the floor's own work, so its row is 1.00×):`,
    '',
    renderTable(['phase', 'what', 'ms per item', 'vs sealing'], phaseRows, [
      'left',
      'left',
      'right',
      'right',
    ]),
    '',
    `Chromium ${measured.chromiumVersion} (\`/usr/bin/chromium\`, headless), the page served by ${measured.server} ` +
      `under its own CSP. An organisation made through the API: its administrator and ${measured.readers - 1} users ` +
      `in the default team, a chest linked to it (so ${measured.readers} readers, every key RSA-OAEP-3072). The ` +
      `administrator signs in with the web app's flow, then ${formatInteger(measured.items)} generated logins ` +
      '(title, username, a random 16-character password, URL, note) are read by `planImport` ' +
      `(${seconds(measured.planMs)} s, not timed) and imported into that chest after a warm-up of ${settings.warmupItems}: ` +
      `created ${formatInteger(report.created)}, failed ${report.failed.length}. The floor runs on the same drafts, ` +
      `once before and once after the import (${measured.floorMs.map(seconds).join(' s and ')} s; the median is the reference). ` +
      `Meanwhile the administrator's second session asks for another chest's list ` +
      `(\`GET /api/v1/secrets.json?vault_id=…\`, ${settings.probeSecrets} secrets) back to back on ` +
      `${settings.probeConnections === 1 ? 'one connection' : `${settings.probeConnections} connections`}: ${settings.quietSeconds} s before the import, during it (requests ` +
      `wholly inside it), and ${settings.quietSeconds} s after it.`,
    '',
    `Goals: the import at most ${IMPORT_GOALS.maxRatio}× the floor: **${verdict.importRatio.toFixed(2)}×**; the ` +
      `list's p99 during the import at most ${IMPORT_GOALS.maxListP99Ratio}× its p99 alone: ` +
      `**${verdict.listRatio.toFixed(2)}×**; ${formatVerdict(verdict.pass)}.`,
  ].join('\n');
}

function round(value) {
  return Math.round(value * 10) / 10;
}
