// The built web app's dashboard: from navigation to the first 20 secret rows on screen, for the
// administrator of an organisation with 100 secrets and of one with 100,000. Signed in through the
// API; the token goes into localStorage as the app's setToken() keeps it (no key is needed to list).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { signInBenchUser, startSeededServer } from '../dataset/index.mjs';
import {
  assertWebBuild,
  formatInteger,
  formatVerdict,
  launchChromium,
  MissingWebBuildError,
  measureAlternatingLoads,
  median,
  percentile,
  ratio,
  readCount,
  renderTable,
  WEB_DIST,
} from '../lib/index.mjs';

const LOADS = readCount('BENCH_PAGE_LOADS', 20);
const WARMUP_LOADS = 2;
const GOAL_RATIO = 1.2;
const ROWS = 20;
const ORGANISATIONS = [
  { key: 'small', user: 'smallAdministrator' },
  { key: 'large', user: 'largeAdministrator' },
];

/** Thrown when the built app has no dashboard yet: reported as skipped, like a missing build. */
class MissingDashboardError extends MissingWebBuildError {
  constructor(webDist) {
    super(webDist);
    this.message = `the built web app (${webDist}) has no dashboard screen (no home-screen chunk): rebuild it`;
  }
}

// Runs in the page before the app: notes when the Secrets list first holds 20 rows, one frame later
// (painted), and how long the list request took.
function watchFirstRows(rows) {
  const selector = 'ul.scroll-list[aria-label="Secrets"] > li';
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll(selector).length < rows) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const list = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/api/v1/secrets'));
      window.benchFirstRows = {
        at: performance.now(),
        listRequestMs: list ? list.responseEnd - list.startTime : null,
        names: [...document.querySelectorAll(`${selector} .dashboard-row__name`)].map(
          (node) => node.textContent,
        ),
      };
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

export default {
  name: 'dashboard-first-page',
  title: "Dashboard's first page: 100 against 100,000 secrets",
  async run({ log, serverEnv }) {
    const webDist = process.env.BENCH_WEB_DIST ?? WEB_DIST;
    assertWebBuild(webDist);
    if (!hasDashboard(webDist)) throw new MissingDashboardError(webDist);
    const { server, manifest } = await startSeededServer({ env: { ...serverEnv, WEB_DIST: webDist }, log });
    const chromium = await launchChromium();
    try {
      const pages = {};
      const expectedNames = {};
      for (const organisation of ORGANISATIONS) {
        const token = await signInBenchUser(server, organisation.user);
        expectedNames[organisation.key] = await readFirstPageNames(server, token);
        const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } });
        await context.addInitScript((value) => localStorage.setItem('token', value), token);
        await context.addInitScript(watchFirstRows, ROWS);
        pages[organisation.key] = await context.newPage();
      }
      const load = async (key) => {
        const page = pages[key];
        await page.goto(`${server.url}/`, { waitUntil: 'commit' });
        await page.waitForFunction(() => window.benchFirstRows !== undefined, null, { timeout: 30_000 });
        const sample = await page.evaluate(() => window.benchFirstRows);
        if (sample.names.join('\n') !== expectedNames[key].join('\n')) {
          throw new Error(`the dashboard's first rows are not the API's first page (${key})`);
        }
        return sample;
      };
      const { samples, cpu } = await measureAlternatingLoads({
        keys: ORGANISATIONS.map(({ key }) => key),
        warmup: WARMUP_LOADS,
        loads: LOADS,
        load,
        cpuPids: [server.pid],
        log,
      });
      return report(samples, { cpu, manifest, chromiumVersion: chromium.version, webDist });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

function report(samples, { cpu, manifest, chromiumVersion, webDist }) {
  const stats = Object.fromEntries(
    Object.entries(samples).map(([key, list]) => [
      key,
      {
        median: round(median(list.map((sample) => sample.at))),
        p95: round(
          percentile(
            list.map((sample) => sample.at),
            0.95,
          ),
        ),
        listRequestMs: round(median(list.map((sample) => sample.listRequestMs ?? Number.NaN))),
        rows: list[0]?.names.length ?? 0,
      },
    ]),
  );
  const slowdown = ratio(stats.large.median, stats.small.median) ?? Infinity;
  const pass = slowdown <= GOAL_RATIO;
  const rows = ORGANISATIONS.map(({ key }) => [
    `${manifest.organisations[key].name} (${formatInteger(manifest.organisations[key].liveSecrets)} live secrets)`,
    stats[key].median,
    stats[key].p95,
    stats[key].listRequestMs,
    key === 'small' ? '1.00×' : `${slowdown.toFixed(2)}×`,
  ]);
  const body = [
    renderTable(['organisation', 'median ms', 'p95 ms', 'list request ms (median)', 'vs 100 secrets'], rows, [
      'left',
      'right',
      'right',
      'right',
      'right',
    ]),
    '',
    `Chromium ${chromiumVersion} (headless, 1280 × 1000), the built app from \`${path.relative(process.cwd(), webDist) || webDist}\` ` +
      "served by the real server (SQLite). Each organisation's administrator is signed in through " +
      '`POST /users/sign_in.json`; the token is put in localStorage under `token` before the app starts, ' +
      'as `setToken()` keeps it. Time: from the start of navigation (`performance.timeOrigin`) to the ' +
      `frame after the Secrets list first holds ${ROWS} rows (checked to be the API's first page), in the page; ${LOADS} loads per organisation ` +
      `after ${WARMUP_LOADS} unrecorded, alternating, HTTP cache warm (hashed assets are immutable). The ` +
      'list request is the `GET /api/v1/secrets.json` the dashboard makes (`everything=true`, ' +
      '`options=vault`), from its resource timing.',
    '',
    `Goal: the larger organisation at most ${GOAL_RATIO}× slower (median): **${slowdown.toFixed(2)}×**, ${formatVerdict(pass)}.`,
  ].join('\n');
  return {
    body,
    goal: `100,000 secrets ≤ ${GOAL_RATIO}× the time of 100`,
    pass,
    cpu,
    settings: `${LOADS} page loads per organisation, one at a time.`,
    data: { loads: LOADS, stats, slowdown, chromiumVersion },
  };
}

// The names of the first page the dashboard asks for, straight from the API.
async function readFirstPageNames(server, token) {
  const response = await fetch(`${server.url}/api/v1/secrets.json?limit=${ROWS}&offset=0&everything=true`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (response.status !== 200) throw new Error(`GET /api/v1/secrets.json answered ${response.status}`);
  const page = await response.json();
  return page.items.map((item) => item.name);
}

function hasDashboard(webDist) {
  const assets = path.join(webDist, 'assets');
  return existsSync(assets) && readdirSync(assets).some((name) => name.startsWith('home-screen-'));
}

function round(value) {
  return Math.round(value * 10) / 10;
}
