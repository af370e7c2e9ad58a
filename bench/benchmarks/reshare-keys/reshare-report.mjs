// The reshare benchmark's goals, verdicts and Markdown.
import { formatInteger, formatVerdict, median, renderTable } from '../../lib/index.mjs';

/**
 * Issue 10's goals: at most 1.5× the bare cost, no request of 10 s, the list's p99 within 1.2× while
 * the server serves a reshare (judged on the replay: the browser's CPU off this machine).
 */
export const RESHARE_GOALS = { maxRatio: 1.5, maxRequestMs: 10_000, maxP99Ratio: 1.2 };

const kindLabels = (deliverySize) => ({
  count: '`GET reshare_all.json?limit=1` (how many are missing, before and after)',
  page: '`GET reshare_all.json` (a page of 500 missing pairs)',
  deliver: `\`POST reshare.json\` (up to ${deliverySize} rewrapped keys, sent as the workers go on)`,
  other: 'anything else',
});

/** { ratio, longestMs, longestKind, p99Ratio, covered, pass per goal, pass } from the measurements. */
export function judgeReshare(measured) {
  const appMs = median(measured.app.map((run) => run.ms));
  const rawMs = median(measured.raw);
  const ratio = appMs / rawMs;
  const allRuns = [...measured.app, ...measured.loaded.during.map((entry) => entry.app)];
  const longest = allRuns.reduce((worst, run) => (run.longest.ms > worst.ms ? run.longest : worst), {
    kind: 'other',
    ms: 0,
  });
  const quiet = summariseLoads(measured.loaded.quiet);
  const during = summariseLoads(measured.loaded.during.map((entry) => entry.load));
  const replayed = summariseLoads(measured.loaded.replayed.map((entry) => entry.load));
  const busy = summariseLoads(measured.loaded.busy);
  // Whole milliseconds: a 1 ms p99 going to 2 ms is a rounding step, not a doubling.
  const versusQuiet = (load) => Math.max(load.p99, 1) / Math.max(quiet.p99, 1);
  // The goal is the server's: judged with the browser's CPU taken off this machine (the replay).
  const p99Ratio = versusQuiet(replayed);
  const loads = [quiet, during, replayed, busy];
  const clean = loads.every((load) => load.non2xx + load.errors === 0);
  const verdict = {
    appMs,
    rawMs,
    ratio,
    longestMs: longest.ms,
    longestKind: longest.kind,
    quiet,
    during,
    replayed,
    busy,
    p99Ratio,
    colocatedP99Ratio: versusQuiet(during),
    busyP99Ratio: versusQuiet(busy),
    covered: Math.min(
      ...[...measured.loaded.during, ...measured.loaded.replayed].map((entry) => entry.covered),
    ),
    speed: ratio <= RESHARE_GOALS.maxRatio,
    requests: longest.ms < RESHARE_GOALS.maxRequestMs,
    p99: p99Ratio <= RESHARE_GOALS.maxP99Ratio,
    clean,
  };
  return { ...verdict, pass: verdict.speed && verdict.requests && verdict.p99 && verdict.clean };
}

/** The section's body. */
export function renderReshare(measured, verdict, settings) {
  const keys = settings.keys;
  const seconds = (ms) => (ms / 1000).toFixed(2);
  const perKey = (ms) => (ms / keys).toFixed(3);
  const versus = (ms) => `${(ms / verdict.rawMs).toFixed(2)}×`;
  const rows = [
    [
      'bare RSA-OAEP (reference)',
      `pages of 500 by plain fetch; per key \`subtle.decrypt\` and \`subtle.encrypt\` RSA-OAEP in ${measured.threads} bare workers`,
      seconds(verdict.rawMs),
      perKey(verdict.rawMs),
      versus(verdict.rawMs),
    ],
    [
      'the web app’s background reshare',
      `\`reshareRunner.poll\`: count, pages, trust rule, \`rewrapPairs\` in the app’s workers, deliveries of ${measured.deliverySize} as batches are done, recount`,
      seconds(verdict.appMs),
      perKey(verdict.appMs),
      versus(verdict.appMs),
    ],
    [
      'RSA-OAEP alone',
      'the reference without the fetches',
      seconds(measured.rsaOnly),
      perKey(measured.rsaOnly),
      versus(measured.rsaOnly),
    ],
  ];
  const requestRows = ['page', 'deliver', 'count', 'other']
    .map((kind) => [kind, measured.app.map((run) => run.requests[kind])])
    .filter(([, summaries]) => summaries.some((summary) => summary.count > 0))
    .map(([kind, summaries]) => {
      const during = measured.loaded.during.map((entry) => entry.app.requests[kind]);
      const count = summaries[0].count;
      const total = summaries.reduce((sum, summary) => sum + summary.totalMs, 0);
      const calls = summaries.reduce((sum, summary) => sum + summary.count, 0);
      return [
        kindLabels(measured.deliverySize)[kind],
        count,
        formatInteger(total / calls),
        formatInteger(Math.max(...summaries.map((summary) => summary.maxMs))),
        formatInteger(Math.max(0, ...during.map((summary) => summary.maxMs))),
        `${((total / summaries.length / verdict.appMs) * 100).toFixed(0)} %`,
      ];
    });
  const loadRows = [
    ['no reshare', verdict.quiet, '1.00×'],
    [
      "during the reshare's requests, replayed from outside the browser (the goal)",
      verdict.replayed,
      `${verdict.p99Ratio.toFixed(2)}× ${formatVerdict(verdict.p99)}`,
    ],
    [
      'during the reshare, Chromium on this machine',
      verdict.during,
      `${verdict.colocatedP99Ratio.toFixed(2)}×`,
    ],
    [
      `beside ${measured.threads} busy loops at idle CPU priority, no reshare`,
      verdict.busy,
      `${verdict.busyP99Ratio.toFixed(2)}×`,
    ],
  ].map(([label, load, versus]) => [
    label,
    formatInteger(load.requestsPerSecond),
    `${load.p50} ms`,
    `${load.p99} ms`,
    versus,
    load.rounds.map((round) => `${round.p99}`).join(', '),
  ]);
  const underLoad = measured.loaded.during.map((entry) => seconds(entry.app.ms)).join(', ');
  const replaysUnderLoad = measured.loaded.replayed.map((entry) => seconds(entry.replay.ms)).join(', ');
  const { before, after } = measured.loadAverage;
  return [
    renderTable(['way', 'what a run does', 'median s', 'ms per key', 'vs reference'], rows, [
      'left',
      'left',
      'right',
      'right',
      'right',
    ]),
    '',
    `Chromium ${measured.chromiumVersion} (\`/usr/bin/chromium\`, headless), the page served by ` +
      `${measured.serverName} under its own CSP. The large organisation's administrator signs in with ` +
      "the web app's sign-in flow (the RSA-OAEP-3072 private key unlocked into the key store, " +
      "non-extractable) and trusts the newcomer's key as the add-user flow does (`trustCreatedKey`). " +
      `The newcomer is in a team whose chest holds ${formatInteger(keys)} secrets, sealed for real, each ` +
      "key wrapped for the administrator (the other administrators hold keys too, so the newcomer's are " +
      "the only ones missing); the scenario is written into the run's own copy of the seeded database. " +
      `Every run starts from the same ${formatInteger(keys)} missing keys; ${rounds(measured.app.length)} ` +
      `each way, alternating; ${measured.threads} workers both ways (the app's \`rewrapWorkerCount()\`), ` +
      `batches of 50. After the runs ${measured.opened} delivered keys, picked at random, were opened ` +
      "with the newcomer's private key and decrypted their secrets.",
    '',
    `Requests of the app's run, timed in the page from the call to the end of the body (quiet rounds; ` +
      "the longest during the list's load beside it):",
    '',
    renderTable(
      ['request', 'per run', 'mean ms', 'longest ms', 'longest under load', 'share of the run'],
      requestRows,
      ['left', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    `\`GET ${'/api/v1/secrets.json?limit=20'}\` as the member (first page), ${settings.listConnections} ` +
      `connections, ${rounds(verdict.quiet.rounds.length)} of ${measured.loaded.seconds} s of each, in ` +
      'rotating order (the load starts 0.5 s into the reshare and ends before it; the reshares under load ' +
      `took ${underLoad} s, the replays ${replaysUnderLoad} s). The replay sends the ` +
      `${measured.replayedRequests} requests of a recorded quiet run of the app, with their bodies, from ` +
      'the benchmark’s process: each at its recorded time from the start, and never before the requests ' +
      'that had been answered before it in the recording are answered again (reshare-replay.mjs); it ' +
      'delivers every key, checked after each replay.',
    '',
    renderTable(['list', 'requests/s', 'p50', 'p99', 'p99 vs no reshare', 'p99 per round (ms)'], loadRows, [
      'left',
      'right',
      'right',
      'right',
      'right',
      'right',
    ]),
    '',
    "In a deployment the administrator's browser rewraps on their own computer and the server sees " +
      'only its requests: that is what the replay measures, and what the goal is judged on. With Chromium ' +
      'on this machine the browser, the server and autocannon share two cores; Chromium and every process it ' +
      `forks run at the lowest CPU priority (nice ${measured.niceness}), and still the list loses ` +
      `${percentLost(verdict.during, verdict.quiet)} of its requests per second and its p99 grows ` +
      `${verdict.colocatedP99Ratio.toFixed(2)}×, against ${percentLost(verdict.replayed, verdict.quiet)} and ` +
      `${verdict.p99Ratio.toFixed(2)}× for the same requests replayed; busy loops at the idle CPU class, ` +
      'which run only when nothing else wants a core, cost it ' +
      `${percentLost(verdict.busy, verdict.quiet)} and ${verdict.busyP99Ratio.toFixed(2)}×. The row with ` +
      "Chromium measures sharing the machine with the browser's RSA-OAEP, not the server's work. Load " +
      `average (1, 5, 15 min) ${formatLoad(before)} before, ${formatLoad(after)} after.`,
    '',
    `Goals: the background reshare at most ${RESHARE_GOALS.maxRatio}× the bare RSA-OAEP cost (median): ` +
      `**${verdict.ratio.toFixed(2)}×** ${formatVerdict(verdict.speed)}; no request over ` +
      `${RESHARE_GOALS.maxRequestMs / 1000} s: longest **${formatInteger(verdict.longestMs)} ms** ` +
      `(${verdict.longestKind}) ${formatVerdict(verdict.requests)}; the list's p99 during the reshare at most ` +
      `${RESHARE_GOALS.maxP99Ratio}× without it: **${verdict.p99Ratio.toFixed(2)}×** ${formatVerdict(verdict.p99)} ` +
      `(the server's side, replayed; ${verdict.colocatedP99Ratio.toFixed(2)}× with Chromium on this machine, ` +
      `${verdict.busyP99Ratio.toFixed(2)}× beside the idle busy loops alone)` +
      `${verdict.clean ? '' : ' (the list answered errors)'}.`,
  ].join('\n');
}

function summariseLoads(loads) {
  const pick = (read) => median(loads.map(read));
  return {
    requestsPerSecond: Math.round(pick((load) => load.requestsPerSecond)),
    p50: pick((load) => load.latencyMs.p50),
    p99: pick((load) => load.latencyMs.p99),
    non2xx: loads.reduce((sum, load) => sum + load.non2xx, 0),
    errors: loads.reduce((sum, load) => sum + load.errors + load.timeouts, 0),
    rounds: loads.map((load) => ({ requestsPerSecond: load.requestsPerSecond, p99: load.latencyMs.p99 })),
  };
}

/** "1 round", "3 rounds". */
export function rounds(count) {
  return `${count} round${count === 1 ? '' : 's'}`;
}

/** "27 %": the share of the quiet load's requests per second lost. */
function percentLost(load, quiet) {
  return `${Math.max(0, Math.round((1 - load.requestsPerSecond / quiet.requestsPerSecond) * 100))} %`;
}

function formatLoad(values) {
  return values.map((value) => value.toFixed(2)).join(', ');
}
