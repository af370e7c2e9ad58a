// reshare-at-scale's measurements on one engine (reshare-at-scale.mjs), on the seeded dataset where
// every reader holds every key: (a) the missing-key list with nothing missing against the
// dashboard's first page, alone and under load, side by side; (b) a team change granting a new user
// the grant team's secrets against the same change on a team with no chest, quiet and with the
// member's list running beside it; (c) the missing-key count afterwards against the plan's.
import { signInBenchUser, startSeededServer } from '../../dataset/index.mjs';
import {
  addNewcomer,
  callJson,
  DASHBOARD_PATH,
  DEFAULT_LOAD,
  delay,
  measurePagesSideBySide,
  mergeCpuWatches,
  readCount,
  removeUser,
  startCpuWatch,
  waitForIdle,
} from '../../lib/index.mjs';
import { startLatencyProbe, summariseAround } from '../../lib/latency-probe.mjs';
import { countMissing, joinTeam, PROBE_PATH, RESHARE_PATH } from './scale-api.mjs';

/**
 * The settings of a run: `quick` (the benchmark tests) is one short round of everything; a full run
 * the standard load (BENCH_DURATION, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONNECTIONS) and
 * BENCH_SCALE_ROUNDS team changes per way.
 */
export function scaleSettings({ quick = false } = {}) {
  return {
    quick,
    load: quick
      ? { durationSeconds: 1, warmupSeconds: 1, rounds: 1, connections: 10, pipelining: 1 }
      : { ...DEFAULT_LOAD },
    aloneRuns: quick ? 3 : 15,
    changeRounds: readCount('BENCH_SCALE_ROUNDS', quick ? 1 : 3),
    probeConnections: 4,
    // The probe runs this long before the change (its quiet requests) and after it.
    probeLeadMs: quick ? 300 : 1000,
    probeTailMs: 300,
  };
}

/**
 * Measures one engine ('sqlite' or 'postgres'). Returns { engine, dataset, pages: { reshare,
 * dashboard: { aloneMs, load } }, cpu, changes: { grant, empty: [round] }, grant: { name, chests,
 * secrets }, empty: { name } }. A round: { quiet: { ms, status }, probed: { ms, status, list }, counts: [after],
 * removals: [ms] }.
 */
export async function measureScale(engine, { log, serverEnv, settings }) {
  // No plan limits: the large organisation already has the Team Plan's 50 users.
  const env = { ...serverEnv, BILLING: 'off' };
  const { server, manifest } = await startSeededServer({ database: engine, env, log });
  try {
    const scale = manifest.scaleTeams;
    if (!scale) throw new Error('the seeded dataset has no scale teams: rebuild it (rm -rf bench/.cache)');
    const administrator = { authorization: `Bearer ${await signInBenchUser(server, 'largeAdministrator')}` };
    const member = { authorization: `Bearer ${await signInBenchUser(server, 'largeMember')}` };
    const before = await countMissing(server, administrator);
    if (before.total !== 0) throw new Error(`${before.total} keys are missing before the first change`);

    log(`  ${engine}: the missing-key list (nothing missing) against the dashboard's first page`);
    const pages = await measurePages(server, administrator, settings, log);
    log(`  ${engine}: team changes, ${settings.changeRounds} rounds per way`);
    const watch = startCpuWatch([server.cpuPids]);
    const changes = await measureChanges(server, { administrator, member, scale, settings, log, engine });
    const changesCpu = await watch.stop();
    return {
      engine: engine === 'postgres' ? 'PostgreSQL' : 'SQLite',
      dataset: {
        secrets: manifest.organisations.large.secrets,
        keys: manifest.organisations.large.keys,
        missingKeys: manifest.organisations.large.missingKeys,
        allKeys: manifest.keys,
      },
      grant: scale.grant,
      empty: scale.empty,
      pages: pages.pages,
      cpu: mergeCpuWatches([pages.cpu, changesCpu]),
      changes,
    };
  } finally {
    await server.stop();
  }
}

// (a) Each page alone (alternating, one request at a time), then both under the standard load
// (bench/lib/pages-side-by-side.mjs), after checking what each answers.
async function measurePages(server, headers, settings, log) {
  const pages = { reshare: { path: RESHARE_PATH }, dashboard: { path: DASHBOARD_PATH } };
  const reshareAnswer = await callJson(server, headers, 'GET', RESHARE_PATH);
  if (reshareAnswer.status !== 200 || reshareAnswer.body.total !== 0) {
    throw new Error(`${RESHARE_PATH} answered ${reshareAnswer.status}, ${reshareAnswer.body?.total} missing`);
  }
  const dashboardAnswer = await callJson(server, headers, 'GET', DASHBOARD_PATH);
  if (dashboardAnswer.status !== 200 || dashboardAnswer.body.items.length !== 20) {
    throw new Error(`${DASHBOARD_PATH} answered ${dashboardAnswer.status}`);
  }
  const measured = await measurePagesSideBySide(
    server,
    headers,
    { reshare: RESHARE_PATH, dashboard: DASHBOARD_PATH },
    settings,
    log,
  );
  for (const key of Object.keys(pages)) {
    pages[key].aloneMs = measured.pages[key].aloneMs;
    pages[key].load = measured.pages[key].load;
  }
  return { pages, cpu: measured.cpu };
}

// (b) and (c): rounds of the grant and the reference change, the order alternating; each change
// quiet, then again with the member's list beside it. Every change is a new user, removed
// afterwards, so every round starts with nothing missing.
async function measureChanges(server, { administrator, member, scale, settings, log, engine }) {
  const changes = { grant: [], empty: [] };
  let made = 0;
  const newcomer = () => {
    made += 1;
    return addNewcomer(server, administrator, {
      name: `Newcomer ${made}`,
      email: `newcomer-${engine}-${made}-${Date.now()}@northwind.example`,
    });
  };
  for (let round = 0; round < settings.changeRounds; round += 1) {
    for (const way of round % 2 === 0 ? ['grant', 'empty'] : ['empty', 'grant']) {
      const teamId = scale[way].id;
      const expected = way === 'grant' ? scale.grant.secrets : 0;
      const entry = { counts: [], removals: [] };
      for (const phase of ['quiet', 'probed']) {
        const userId = await newcomer();
        const joined = await countMissing(server, administrator);
        if (joined.total !== 0) throw new Error(`a new user misses ${joined.total} keys before any change`);
        await waitForIdle(server);
        let probe = null;
        if (phase === 'probed') {
          probe = startLatencyProbe(`${server.url}${PROBE_PATH}`, {
            connections: settings.probeConnections,
            headers: member,
          });
          await delay(settings.probeLeadMs);
        }
        const fromMs = performance.now();
        const change = await joinTeam(server, administrator, teamId, userId);
        const toMs = performance.now();
        if (change.status !== 200) throw new Error(`the team change answered ${change.status}`);
        entry[phase] = { ms: tenths(change.ms), status: change.status };
        if (probe) {
          await delay(settings.probeTailMs);
          entry[phase].list = summariseAround(await probe.stop(), { fromMs, toMs });
        }
        const after = await countMissing(server, administrator);
        entry.counts.push({ total: after.total, expected, ms: tenths(after.ms) });
        await waitForIdle(server);
        const removal = await removeUser(server, administrator, userId);
        if (removal.status !== 204) throw new Error(`removing the new user answered ${removal.status}`);
        entry.removals.push(tenths(removal.ms));
        const left = await countMissing(server, administrator);
        if (left.total !== 0) throw new Error(`${left.total} keys still missing after removing the user`);
      }
      changes[way].push(entry);
      log(
        `  round ${round + 1}/${settings.changeRounds} ${way}: ${entry.quiet.ms} ms quiet, ` +
          `${entry.probed.ms} ms beside the list; missing afterwards ${entry.counts.map((c) => c.total).join(', ')} ` +
          `(expected ${expected})`,
      );
    }
  }
  return changes;
}

function tenths(ms) {
  return Math.round(ms * 10) / 10;
}
