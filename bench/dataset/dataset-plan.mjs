// What the seeded database holds: one large organisation (100,000 secrets, 50 users), one small one
// (100 secrets) and two others whose rows every query must leave out. Change anything here and
// bump DATASET_VERSION, so cached databases are rebuilt. BENCH_SECRETS makes the large organisation
// smaller (or larger) for a quick run; its size is part of the cache file name.

/** Part of every cache file name: bump it when the plan or the row shapes change. */
export const DATASET_VERSION = 4;

/** Secrets of the large organisation: 100,000, or BENCH_SECRETS (at least 1,000). */
export const LARGE_SECRETS = readLargeSecrets(process.env.BENCH_SECRETS);

function readLargeSecrets(text) {
  if (text === undefined || text === '') return 100_000;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1000) {
    throw new Error(`BENCH_SECRETS must be a whole number of at least 1000, not ${text}`);
  }
  return value;
}

/** The password of the benchmark users (see credentials.mjs); nothing else signs in. */
export const BENCH_PASSWORD = 'bench: correct horse battery staple';

/** Share of secrets marked for deletion, and hidden (administrators only). */
export const DELETED_SHARE = 0.02;
export const HIDDEN_SHARE = 0.01;

/**
 * The organisations, in insertion order. `administrators` counts the first users (the first is the
 * owner); the user right after them is a plain member. `seed` makes each organisation's rows.
 * `scaleTeams`: the organisation also gets SCALE_TEAMS (reshare-at-scale).
 */
export const ORGANISATION_PLANS = [
  {
    key: 'large',
    name: 'Northwind Logistics',
    domain: 'northwind.example',
    users: 50,
    administrators: 5,
    teams: 12,
    chests: 40,
    secrets: LARGE_SECRETS,
    seed: 1,
    scaleTeams: true,
  },
  {
    key: 'small',
    name: 'Tiny Studio',
    domain: 'tinystudio.example',
    users: 5,
    administrators: 1,
    teams: 2,
    chests: 5,
    secrets: 100,
    seed: 2,
  },
  {
    key: 'other-a',
    name: 'Contoso Shipping',
    domain: 'contoso.example',
    users: 10,
    administrators: 2,
    teams: 4,
    chests: 10,
    secrets: 5_000,
    seed: 3,
  },
  {
    key: 'other-b',
    name: 'Fabrikam Foods',
    domain: 'fabrikam.example',
    users: 10,
    administrators: 2,
    teams: 4,
    chests: 10,
    secrets: 5_000,
    seed: 4,
  },
];

/**
 * The users the benchmarks sign in as, by role: `${organisation key}.${role}`. Each gets a real key
 * pair and password (credentials.mjs); the large organisation's member gets real ciphertext and a
 * wrapped key for every secret they can read, so opening one works end to end.
 */
export const BENCH_USERS = {
  largeAdministrator: { organisation: 'large', role: 'administrator' },
  largeMember: { organisation: 'large', role: 'member' },
  smallAdministrator: { organisation: 'small', role: 'administrator' },
};

/** Which user of an organisation plays a role: the owner (first administrator) or the first member. */
export function benchUserIndex(plan, role) {
  return role === 'administrator' ? 0 : plan.administrators;
}

/**
 * reshare-at-scale's teams, added to the large organisation after all its other rows (so those stay
 * the same): new users land in `starters`, which holds no chest (the organisation's default team
 * instead of its first), so a user added through the API misses no key until a team change; `grant`
 * has no members and chests holding about GRANT_SHARE of the secrets (12,000 of 100,000); `empty`
 * has neither members nor chests (the reference change).
 */
export const SCALE_TEAMS = { starters: 'New starters', grant: 'Auditors', empty: 'Visitors' };

/** Share of the large organisation's secrets the grant team's chests hold, and the tolerance. */
export const GRANT_SHARE = 0.12;
export const GRANT_TOLERANCE = 0.1;
