// The built web app's dashboard with signed secret headers (issue 30): from navigation to the first 20
// secret rows on screen, for the administrator of an organisation without a trust log (today: suite-1
// secrets, no check) and of one with a trust log whose secrets all carry signed headers, each row then
// checked in the browser against the verified log (data-header 'verified'). Both organisations live on
// one fresh server and are measured alternately in one Chromium run. The administrators sign in through
// the login screen once per browser context, so the key is unlocked and the shell syncs the log.
import path from 'node:path';
import {
  assertWebBuild,
  formatVerdict,
  launchChromium,
  measureAlternatingLoads,
  median,
  percentile,
  ratio,
  readCount,
  renderTable,
  startRealServer,
  WEB_DIST,
} from '../lib/index.mjs';
import {
  createChest,
  createPasswordSecrets,
  registerOrganisation,
  startTrustLog,
} from '../lib/signed-organisation.mjs';

const LOADS = readCount('BENCH_PAGE_LOADS', 20);
const WARMUP_LOADS = 2;
const GOAL_RATIO = 1.2;
const ROWS = 20;
const SECRETS = 200;
const WAIT_MS = 30_000;
const ORGANISATIONS = [
  { key: 'today', company: 'Dashboard Today', expect: 'none', title: 'today: no trust log, suite-1 secrets' },
  {
    key: 'headers',
    company: 'Dashboard Headers',
    expect: 'verified',
    title: 'trust log, every secret with a signed header',
  },
];

// Runs in the page before the app. Notes when the Secrets list first holds 20 rows and when every row
// shown has settled its header check ('none' expected: no log in this page; 'verified' expected: any
// state but 'none' and 'checking'), then one frame later (painted) what the rows say.
function watchDashboard({ rows, expect }) {
  const selector = 'ul.scroll-list[aria-label="Secrets"] > li';
  const stateOf = (row) => row.querySelector('.signed-secret-name')?.getAttribute('data-header') ?? 'missing';
  const settled = (state) =>
    expect === 'none' ? state === 'none' : state !== 'none' && state !== 'checking';
  let rowsAt = null;
  const check = () => {
    const shown = [...document.querySelectorAll(selector)];
    const states = shown.map(stateOf);
    window.benchProgress = { rows: shown.length, states };
    if (shown.length < rows) return;
    if (rowsAt === null) rowsAt = performance.now();
    if (!states.every(settled)) return;
    observer.disconnect();
    const settledAt = performance.now();
    requestAnimationFrame(() => {
      const resources = performance.getEntriesByType('resource');
      const list = resources.find((entry) => entry.name.includes('/api/v1/secrets'));
      const log = resources.find((entry) => /\/api\/v1\/trust_log(\?|$)/.test(entry.name));
      const final = [...document.querySelectorAll(selector)];
      window.benchFirstRows = {
        at: performance.now(),
        rowsAt,
        settledAt,
        listRequestMs: list ? list.responseEnd - list.startTime : null,
        logFetchedAt: log ? log.responseEnd : null,
        names: final
          .slice(0, rows)
          .map(
            (row) =>
              row.querySelector('.dashboard-row__name .signed-secret-name')?.firstChild?.textContent ?? '',
          ),
        states: final.map(stateOf),
      };
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-header'],
  });
}

export default {
  name: 'dashboard-headers',
  title: "Dashboard's first page with verified signed secret headers against today's",
  async run({ log, serverEnv }) {
    const webDist = process.env.BENCH_WEB_DIST ?? WEB_DIST;
    assertWebBuild(webDist);
    // No plan limits: the free plan stops at 25 secrets.
    const server = await startRealServer({ env: { ...serverEnv, WEB_DIST: webDist, BILLING: 'off' } });
    const chromium = await launchChromium();
    try {
      const owners = {};
      const expectedNames = {};
      let headSeq = null;
      for (const organisation of ORGANISATIONS) {
        log(`  ${organisation.key}: registering, a chest and ${SECRETS} secrets through the API`);
        const owner = await registerOrganisation(server, {
          company: organisation.company,
          name: `Ada ${organisation.key}`,
          label: `dashboard-${organisation.key}`,
        });
        const chestId = await createChest(server, owner, 'Operations');
        const state =
          organisation.key === 'headers' ? await startTrustLog(server, owner, organisation.company) : null;
        const names = Array.from(
          { length: SECRETS },
          (_, index) => `Server ${String(index + 1).padStart(3, '0')}`,
        );
        await createPasswordSecrets(server, owner, chestId, names, state);
        owners[organisation.key] = owner;
        if (state) headSeq = state.seq;
        expectedNames[organisation.key] = await readFirstPage(server, owner.token, organisation.key);
      }
      const pages = {};
      for (const organisation of ORGANISATIONS) {
        const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } });
        await context.addInitScript(watchDashboard, { rows: ROWS, expect: organisation.expect });
        const page = await context.newPage();
        log(`  ${organisation.key}: signing in through /login (derives the keys, unlocks the private key)`);
        await signInThroughUi(page, server, owners[organisation.key]);
        pages[organisation.key] = page;
      }
      const load = async (key) => {
        const { expect } = ORGANISATIONS.find((organisation) => organisation.key === key);
        const page = pages[key];
        await page.goto(`${server.url}/`, { waitUntil: 'commit' });
        try {
          await page.waitForFunction(() => window.benchFirstRows !== undefined, null, { timeout: WAIT_MS });
        } catch (error) {
          const progress = await page.evaluate(() => window.benchProgress ?? null).catch(() => null);
          throw new Error(
            `${key}: the dashboard's first ${ROWS} rows never settled at data-header '${expect}' within ${WAIT_MS / 1000} s ` +
              `(rows: ${progress?.rows ?? 0}, states: ${describeStates(progress?.states ?? [])}; url ${page.url()})` +
              (expect === 'verified'
                ? ': the trust log was never verified in the page (is the private key unlocked? an alarm?)'
                : ''),
            { cause: error },
          );
        }
        const sample = await page.evaluate(() => window.benchFirstRows);
        const wrong = sample.states.filter((state) => state !== expect);
        if (wrong.length > 0) {
          throw new Error(
            `${key}: rows should all say data-header '${expect}', found ${describeStates(sample.states)}`,
          );
        }
        if (sample.names.join('\n') !== expectedNames[key].join('\n')) {
          throw new Error(`the dashboard's first rows are not the API's first page (${key})`);
        }
        return sample;
      };
      // A first load verifies the log and signs the user's checkpoint: checked before anything is measured.
      await load('headers');
      await assertSignedCheckpoint(server, owners.headers, headSeq);
      const { samples, cpu } = await measureAlternatingLoads({
        keys: ORGANISATIONS.map(({ key }) => key),
        warmup: WARMUP_LOADS,
        loads: LOADS,
        load,
        cpuPids: [server.pid],
        log,
      });
      return report(samples, { cpu, chromiumVersion: chromium.version, webDist });
    } finally {
      await chromium.close();
      await server.stop();
    }
  },
};

// Signs in through the login screen as e2e/support/accounts-ui.ts signInThroughUi does, and waits until
// the app has left it (the key derived and unlocked in the page, kept in IndexedDB for later loads).
async function signInThroughUi(page, server, owner) {
  await page.goto(`${server.url}/login`);
  const answered = page.waitForResponse(
    (response) => response.url().includes('/users/sign_in') && response.request().method() === 'POST',
    { timeout: WAIT_MS },
  );
  await page.getByLabel('Email', { exact: true }).fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const answer = await answered;
  if (answer.status() !== 201) throw new Error(`signing in through /login answered ${answer.status()}`);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: WAIT_MS });
  // The unlock: both uses of the private key kept in the app's key database (keys/key-store.ts).
  try {
    await page.waitForFunction(unlockedKeys, null, { timeout: WAIT_MS, polling: 100 });
  } catch (error) {
    throw new Error('signed in through /login, but the private key was never unlocked in the page', {
      cause: error,
    });
  }
}

// Runs in the page: whether 'coffer-keys' holds the unlocked key to unwrap and to sign.
function unlockedKeys() {
  return new Promise((resolve) => {
    const opening = indexedDB.open('coffer-keys');
    opening.onerror = () => resolve(false);
    opening.onsuccess = () => {
      const database = opening.result;
      if (!database.objectStoreNames.contains('keys')) {
        database.close();
        resolve(false);
        return;
      }
      const store = database.transaction('keys', 'readonly').objectStore('keys');
      const unwrapping = store.get('private-key');
      const signing = store.get('signing-key');
      signing.onsuccess = () => {
        database.close();
        resolve(unwrapping.result instanceof CryptoKey && signing.result instanceof CryptoKey);
      };
      signing.onerror = () => {
        database.close();
        resolve(false);
      };
    };
  });
}

// After the warm-up: the page verified the log with the key unlocked, so it signed the administrator's
// checkpoint at the log's head (sync-trust-log.ts keep()); a page without the key stores none.
async function assertSignedCheckpoint(server, owner, headSeq) {
  const response = await fetch(`${server.url}/api/v1/trust_log/checkpoint.json`, {
    headers: { authorization: `Bearer ${owner.token}`, accept: 'application/json' },
  });
  const checkpoint = response.status === 200 ? await response.json() : null;
  if (!checkpoint?.signed || checkpoint.seq !== headSeq) {
    throw new Error(
      `headers: no checkpoint signed in the page at the log's head (seq ${headSeq}; answer ${response.status}, ` +
        `seq ${checkpoint?.seq ?? 'none'}): the log was not verified with an unlocked key`,
    );
  }
}

// The first page's names straight from the API, checked to be of the expected suite.
async function readFirstPage(server, token, key) {
  const response = await fetch(`${server.url}/api/v1/secrets.json?limit=${ROWS}&offset=0&everything=true`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (response.status !== 200) throw new Error(`GET /api/v1/secrets.json answered ${response.status}`);
  const page = await response.json();
  const signed = page.items.filter((item) => item.signed_header).length;
  if (page.items.length !== ROWS) throw new Error(`${key}: the first page has ${page.items.length} rows`);
  if (signed !== (key === 'headers' ? ROWS : 0))
    throw new Error(`${key}: ${signed} of the first page are signed`);
  return page.items.map((item) => item.name);
}

function describeStates(states) {
  const counts = {};
  for (const state of states) counts[state] = (counts[state] ?? 0) + 1;
  return (
    Object.entries(counts)
      .map(([state, count]) => `${count} ${state}`)
      .join(', ') || 'none shown'
  );
}

function report(samples, { cpu, chromiumVersion, webDist }) {
  const stats = Object.fromEntries(
    Object.entries(samples).map(([key, list]) => {
      const of = (pick) => list.map(pick).filter((value) => Number.isFinite(value));
      return [
        key,
        {
          median: round(median(of((sample) => sample.at))),
          p95: round(
            percentile(
              of((sample) => sample.at),
              0.95,
            ),
          ),
          rowsMedian: round(median(of((sample) => sample.rowsAt))),
          checksMedian: round(median(of((sample) => sample.settledAt - sample.rowsAt))),
          listRequestMs: round(median(of((sample) => sample.listRequestMs ?? Number.NaN))),
          logFetchedAt: round(median(of((sample) => sample.logFetchedAt ?? Number.NaN))),
          rows: list[0]?.names.length ?? 0,
        },
      ];
    }),
  );
  const slowdown = ratio(stats.headers.median, stats.today.median) ?? Infinity;
  const pass = slowdown <= GOAL_RATIO;
  const rows = ORGANISATIONS.map(({ key, title }) => [
    title,
    stats[key].median,
    stats[key].p95,
    stats[key].rowsMedian,
    key === 'headers' ? stats[key].checksMedian : '–',
    stats[key].listRequestMs,
    key === 'today' ? '1.00×' : `${slowdown.toFixed(2)}×`,
  ]);
  const body = [
    renderTable(
      [
        'organisation (200 secrets)',
        'median ms',
        'p95 ms',
        `${ROWS} rows shown ms (median)`,
        'then checked ms (median)',
        'list request ms (median)',
        'vs today',
      ],
      rows,
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
    '',
    `Chromium ${chromiumVersion} (headless, 1280 × 1000), the built app from \`${path.relative(process.cwd(), webDist) || webDist}\` ` +
      'served by the real server (SQLite, a fresh database). Two organisations made through its API, each with ' +
      `${SECRETS} password secrets in one chest: one without a trust log (suite 1), one whose owner started the ` +
      'log (genesis and snapshot) and saved every secret with a header signed in Node with core’s ' +
      '`signSecretHeader` as the web app signs one. Each administrator signs in once through `/login` in their own ' +
      'browser context (the key derived and unlocked in the page). Time: from the start of navigation to `/` ' +
      `(\`performance.timeOrigin\`) to the frame after the Secrets list first holds ${ROWS} rows (checked to be the ` +
      "API's first page) and, with the log, every row's name says `data-header=\"verified\"` (today's say " +
      '`"none"`; any other state fails the run). "Then checked" is from the rows shown to the last check ' +
      `answered: the log's sync and verification and the ${ROWS} headers' checks. ${LOADS} loads per organisation ` +
      `after ${WARMUP_LOADS} unrecorded each, alternating which goes first, HTTP cache warm.`,
    '',
    `Goal (issue 30): the dashboard's first page with verified headers at most ${GOAL_RATIO}× today's (median): ` +
      `**${slowdown.toFixed(2)}×**, ${formatVerdict(pass)}.`,
  ].join('\n');
  return {
    body,
    goal: `first page with verified signed headers ≤ ${GOAL_RATIO}× today's`,
    pass,
    cpu,
    settings: `${LOADS} page loads per organisation, one at a time.`,
    data: { loads: LOADS, secrets: SECRETS, stats, slowdown, chromiumVersion },
  };
}

function round(value) {
  return Math.round(value * 10) / 10;
}
