// rotation-list's measurements on one engine (rotation-list.mjs), on the seeded dataset: (a) removing
// a member who could read about 20,000 secrets, against removing a user who could read none, the
// order alternating; (b) removing an administrator (every secret), once; (c) the rotation list's
// first page, grouped by person and by chest, against the dashboard's first page, alone and under
// load, side by side, once the removals have recorded every secret each of them could read.
import { signInBenchUser, startSeededServer } from '../../dataset/index.mjs';
import {
  addNewcomer,
  callJson,
  DASHBOARD_PATH,
  DEFAULT_LOAD,
  measurePagesSideBySide,
  readCount,
  readRows,
  removeUser,
  startCpuWatch,
  waitForIdle,
} from '../../lib/index.mjs';

/** How many secrets the removed members could read, about (issue 31's goal). */
export const TARGET_KEYS = 20_000;

/** The pages of (c), as the security centre and the dashboard ask for them (rotations-api.ts). */
export const PAGES = {
  'rotations, by person': '/api/v1/rotations.json?limit=20&order=user_name%20asc',
  'rotations, by chest': '/api/v1/rotations.json?limit=20&order=vault_name%20asc',
  'secrets (reference)': DASHBOARD_PATH,
};
export const REFERENCE_PAGE = 'secrets (reference)';

/** A run's settings: BENCH_ROTATION_ROUNDS removals of each kind; `quick` one short round of everything. */
export function rotationSettings({ quick = false } = {}) {
  return {
    quick,
    load: quick
      ? { durationSeconds: 1, warmupSeconds: 1, rounds: 1, connections: 10, pipelining: 1 }
      : { ...DEFAULT_LOAD },
    aloneRuns: quick ? 3 : 15,
    removalRounds: readCount('BENCH_ROTATION_ROUNDS', quick ? 1 : 3),
  };
}

/**
 * Measures one engine ('sqlite' or 'postgres'): { engine, secrets, removals: [{ round, reader:
 * { keys, ms }, reference: { ms } }], administrator: { keys, ms }, rows: { total, expected }, pages }.
 */
export async function measureRotation(engine, { log, serverEnv, settings }) {
  // No plan limits: the large organisation already has the Team Plan's 50 users.
  const env = { ...serverEnv, BILLING: 'off' };
  const { server, manifest } = await startSeededServer({ database: engine, env, log });
  try {
    const large = manifest.organisations.large;
    const headers = { authorization: `Bearer ${await signInBenchUser(server, 'largeAdministrator')}` };
    const benchUserIds = Object.values(manifest.users).map((user) => user.id);
    const candidates = await keysPerUser(server, large.id, benchUserIds);
    const readers = candidates.members
      .sort((a, b) => Math.abs(a.keys - TARGET_KEYS) - Math.abs(b.keys - TARGET_KEYS))
      .slice(0, settings.removalRounds);
    const [administrator] = candidates.administrators;
    if (readers.length < settings.removalRounds || !administrator) {
      throw new Error('the seeded organisation has too few users to remove');
    }

    log(`  ${engine}: removing ${readers.length} members (${readers.map((r) => r.keys).join(', ')} keys)`);
    const removals = [];
    for (const [round, reader] of readers.entries()) {
      const newcomer = await addNewcomer(server, headers, {
        name: `Newcomer ${round + 1}`,
        email: `rotation-${engine}-${round + 1}-${Date.now()}@northwind.example`,
      });
      const entry = { round: round + 1 };
      for (const way of round % 2 === 0 ? ['reader', 'reference'] : ['reference', 'reader']) {
        await waitForIdle(server);
        const removal = await timedRemoval(server, headers, way === 'reader' ? reader.id : newcomer);
        entry[way] = { ...removal, ...(way === 'reader' ? { keys: reader.keys } : {}) };
      }
      removals.push(entry);
      log(
        `  round ${entry.round}: ${entry.reader.ms} ms, CPU ${entry.reader.cpuMs} ms (${reader.keys} keys); ` +
          `reference ${entry.reference.ms} ms, CPU ${entry.reference.cpuMs} ms`,
      );
    }
    await waitForIdle(server);
    const adminRemoval = await timedRemoval(server, headers, administrator.id);
    log(`  an administrator: ${adminRemoval.ms} ms (${administrator.keys} keys)`);

    // Every key of a removed user is one row: no two of them share a (secret, person).
    const expected = [...readers, administrator].reduce((sum, user) => sum + user.keys, 0);
    const listed = await callJson(server, headers, 'GET', PAGES['rotations, by person']);
    if (listed.status !== 200) throw new Error(`the rotation list answered ${listed.status}`);
    const rows = { total: listed.body.total, expected };
    if (rows.total !== expected)
      throw new Error(`the rotation list holds ${rows.total} rows, not ${expected}`);

    log(`  ${engine}: the rotation list's first page against the dashboard's (${rows.total} rows)`);
    await waitForIdle(server);
    const measured = await measurePagesSideBySide(server, headers, PAGES, settings, log);
    return {
      engine: engine === 'postgres' ? 'PostgreSQL' : 'SQLite',
      secrets: large.secrets,
      removals,
      administrator: { keys: administrator.keys, ...adminRemoval },
      rows,
      pages: measured.pages,
      cpu: measured.cpu,
    };
  } finally {
    await server.stop();
  }
}

// A removal: { ms (the call, end to end), cpuMs (CPU time of the server and its database's backends
// meanwhile: what the removal costs, less sensitive than ms to other work on a shared machine) }.
async function timedRemoval(server, headers, userId) {
  const watch = startCpuWatch([server.cpuPids]);
  const removal = await removeUser(server, headers, userId);
  const cpu = await watch.stop();
  if (removal.status !== 204) throw new Error(`removing a user answered ${removal.status}`);
  return { ms: tenths(removal.ms), cpuMs: Math.round(cpu.ourCores * cpu.seconds * 1000) };
}

// Set-up only: how many wrapped keys each user of the organisation holds, members and
// administrators apart, the owner and the benchmark users left out.
async function keysPerUser(server, organisationId, excludedIds) {
  const rows = await readRows(
    server,
    'select u.id, u.administrator, count(k.id) as keys from users u ' +
      'join secret_keys k on k.user_id = u.id ' +
      'where u.organisation_id = ? and u.id <> (select owner_id from organisations where id = ?) ' +
      'group by u.id, u.administrator order by u.id',
    [organisationId, organisationId],
  );
  const users = rows
    .filter((row) => !excludedIds.includes(row.id))
    .map((row) => ({ id: row.id, administrator: Boolean(row.administrator), keys: Number(row.keys) }));
  return {
    members: users.filter((user) => !user.administrator),
    administrators: users.filter((user) => user.administrator),
  };
}

function tenths(ms) {
  return Math.round(ms * 10) / 10;
}
