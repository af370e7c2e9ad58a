// The rows of the seeded database, table by table, from the plan (dataset-plan.mjs). Metadata is
// seeded (the same every time); ciphertext is random bytes of a realistic size, except for the
// secrets the large organisation's member can read, which are sealed and wrapped for real.
import { randomBytes } from 'node:crypto';
import { DEFAULT_KDF_ITERATIONS } from '@coffer/core';
import { benchUserEmail } from './credentials.mjs';
import {
  BENCH_USERS,
  benchUserIndex,
  DELETED_SHARE,
  HIDDEN_SHARE,
  ORGANISATION_PLANS,
} from './dataset-plan.mjs';
import { sealForMember } from './member-sealing.mjs';
import { createRandom } from './random-source.mjs';
import { chestReaders, createKeyTable } from './reader-keys.mjs';
import { addScaleTeams } from './scale-teams.mjs';
import { makePersonName, makeSecretName } from './secret-names.mjs';

const FIRST_DAY = Date.UTC(2023, 0, 2);
const LAST_DAY = Date.UTC(2026, 9, 30);
const TEAM_NAMES = [
  'Engineering',
  'Operations',
  'Finance',
  'Sales',
  'Support',
  'Marketing',
  'Legal',
  'People',
];
const CATEGORY_WEIGHTS = [
  ['password', 70],
  ['note', 15],
  ['telephone', 8],
  ['address', 7],
];
const STRENGTH_WEIGHTS = [
  [1, 5],
  [2, 10],
  [3, 25],
  [4, 35],
  [5, 25],
];
const TABLES = [
  'organisations',
  'users',
  'teams',
  'memberships',
  'vaults',
  'assignments',
  'vault_managers',
  'secrets',
  'secret_keys',
];

/**
 * Every row to insert, in foreign-key order: { tables: { [table]: rows }, manifest }. Rows are
 * arrays, except secret_keys: an iterable with a length, made while it is read (reader-keys.mjs).
 * The manifest names the benchmark users (ids, e-mails, organisations), the secrets the member can
 * open, reshare-at-scale's teams and each organisation's key count. `credentials` comes from
 * loadCredentials().
 */
export async function buildDatasetRows(credentials) {
  const tables = Object.fromEntries(TABLES.map((table) => [table, []]));
  const manifest = { organisations: {}, users: {} };
  const sealJobs = [];
  const keyPlans = [];
  for (const plan of ORGANISATION_PLANS) {
    const organisation = buildOrganisation(plan, credentials, tables, manifest);
    sealJobs.push(...organisation.sealJobs);
    keyPlans.push(organisation.keyPlan);
  }
  await sealForMember(sealJobs, credentials, tables, manifest);
  // Every reader holds a key of every secret they read: the member's are real, the rest random.
  tables.secret_keys = createKeyTable(tables.secret_keys, keyPlans);
  for (const plan of ORGANISATION_PLANS) {
    manifest.organisations[plan.key].keys = tables.secret_keys.byOrganisation[plan.key];
  }
  manifest.keys = tables.secret_keys.length;
  return { tables, manifest };
}

function buildOrganisation(plan, credentials, tables, manifest) {
  const random = createRandom(plan.seed);
  const organisationId = random.uuid();
  const created = iso(FIRST_DAY);
  const users = buildUsers(plan, random, organisationId, credentials);
  tables.organisations.push({
    id: organisationId,
    name: plan.name,
    owner_id: users[0].id,
    inactivity_length: 10,
    created_at: created,
    updated_at: created,
  });
  tables.users.push(...users);
  const teams = Array.from({ length: plan.teams }, (_, index) => ({
    id: random.uuid(),
    organisation_id: organisationId,
    name: `${TEAM_NAMES[index % TEAM_NAMES.length]}${index < TEAM_NAMES.length ? '' : ` ${index}`}`,
    // With scale teams, new users land in a team of their own (scale-teams.mjs).
    default_for_new_users: index === 0 && !plan.scaleTeams,
    created_at: created,
    updated_at: created,
  }));
  tables.teams.push(...teams);
  const memberIndex = benchUserIndex(plan, 'member');
  const memberships = buildMemberships(plan, random, users, teams, memberIndex);
  tables.memberships.push(...memberships);
  const chests = Array.from({ length: plan.chests }, (_, index) => ({
    id: random.uuid(),
    organisation_id: organisationId,
    name: `${TEAM_NAMES[index % TEAM_NAMES.length]} ${['vault', 'keys', 'accounts', 'infrastructure', 'shared'][index % 5]} ${index + 1}`,
    created_at: created,
    updated_at: created,
  }));
  tables.vaults.push(...chests);
  const assignments = buildAssignments(random, chests, teams);
  tables.assignments.push(...assignments);
  // The member manages their first chest, as a team lead would.
  const member = users[memberIndex];
  const memberTeams = new Set(memberships.filter((m) => m.user_id === member?.id).map((m) => m.team_id));
  const memberChests = new Set(assignments.filter((a) => memberTeams.has(a.team_id)).map((a) => a.vault_id));
  if (member && memberChests.size > 0) {
    tables.vault_managers.push({
      id: random.uuid(),
      organisation_id: organisationId,
      vault_id: [...memberChests][0],
      user_id: member.id,
      created_at: created,
    });
  }
  const secrets = buildSecrets(plan, random, organisationId, users, chests);
  tables.secrets.push(...secrets);
  // Drawn after every other row of the organisation, so those are the same with or without them.
  if (plan.scaleTeams) {
    const scale = addScaleTeams({ random, organisationId, created, chests, secrets, plan });
    tables.teams.push(...scale.teams);
    tables.assignments.push(...scale.assignments);
    teams.push(...scale.teams);
    assignments.push(...scale.assignments);
    manifest.scaleTeams = scale.manifest;
  }
  keepChestValues(chests, assignments, secrets);
  keepTeamCounts(teams, memberships);
  manifest.organisations[plan.key] = {
    id: organisationId,
    name: plan.name,
    secrets: secrets.length,
    liveSecrets: secrets.filter((secret) => secret.deleted_at === null).length,
  };
  const managers = tables.vault_managers.filter((row) => row.organisation_id === organisationId);
  const keyPlan = {
    key: plan.key,
    secrets,
    readers: chestReaders({ users, chests, memberships, assignments, managers }),
    joinedAt: new Map(users.map((user) => [user.id, user.created_at])),
  };
  for (const [key, bench] of Object.entries(BENCH_USERS)) {
    if (bench.organisation !== plan.key) continue;
    const user = users[benchUserIndex(plan, bench.role)];
    manifest.users[key] = { id: user.id, email: user.email, organisationId, role: bench.role };
  }
  // Only the large organisation's member reads secrets for real (open-secret).
  const sealJobs =
    plan.key === BENCH_USERS.largeMember.organisation
      ? secrets
          .filter((secret) => memberChests.has(secret.vault_id) && !secret.hidden)
          .map((secret) => ({ secret, userId: member.id, random }))
      : [];
  return { sealJobs, keyPlan };
}

function buildUsers(plan, random, organisationId, credentials) {
  const benchRoles = new Map(
    Object.entries(BENCH_USERS)
      .filter(([, bench]) => bench.organisation === plan.key)
      .map(([key, bench]) => [benchUserIndex(plan, bench.role), { key, role: bench.role }]),
  );
  return Array.from({ length: plan.users }, (_, index) => {
    const bench = benchRoles.get(index);
    const own = bench ? credentials.users[bench.key] : null;
    const name = makePersonName(random);
    const joined = iso(FIRST_DAY + index * 86_400_000);
    return {
      id: random.uuid(),
      organisation_id: organisationId,
      name,
      email: bench
        ? benchUserEmail(plan.key, bench.role)
        : `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${index}@${plan.domain}`,
      password_hash: own?.passwordHash ?? credentials.otherPasswordHash,
      kdf_iterations: DEFAULT_KDF_ITERATIONS,
      public_key: own?.publicKey ?? randomBytes(422).toString('base64'),
      encrypted_private_key: own?.encryptedPrivateKey ?? randomBytes(1234).toString('base64'),
      private_key_iv: own?.privateKeyIv ?? randomBytes(12).toString('base64'),
      administrator: index < plan.administrators,
      first_time: false,
      has_secret: true,
      terms_accepted_at: joined,
      confirmed_at: joined,
      created_at: joined,
      updated_at: joined,
    };
  });
}

// The member is in the first two teams; everyone else in one to three teams.
function buildMemberships(plan, random, users, teams, memberIndex) {
  const rows = [];
  for (const [index, user] of users.entries()) {
    const teamIndexes = new Set();
    if (index === memberIndex) {
      for (const teamIndex of [0, 1]) if (teamIndex < teams.length) teamIndexes.add(teamIndex);
    } else {
      const count = index < plan.administrators ? 1 : random.int(1, Math.min(3, teams.length));
      while (teamIndexes.size < count) teamIndexes.add(random.int(0, teams.length - 1));
    }
    for (const teamIndex of teamIndexes) {
      rows.push({
        id: random.uuid(),
        organisation_id: user.organisation_id,
        team_id: teams[teamIndex].id,
        user_id: user.id,
        edit_access: teamIndex === 0 || random.chance(0.5),
        created_at: user.created_at,
        updated_at: user.created_at,
      });
    }
  }
  return rows;
}

// Each chest goes to one team (round robin) and sometimes a second one.
function buildAssignments(random, chests, teams) {
  const rows = [];
  for (const [index, chest] of chests.entries()) {
    const teamIndexes = new Set([index % teams.length]);
    if (teams.length > 1 && random.chance(0.4)) teamIndexes.add(random.int(0, teams.length - 1));
    for (const teamIndex of teamIndexes) {
      rows.push({
        id: random.uuid(),
        organisation_id: chest.organisation_id,
        vault_id: chest.id,
        team_id: teams[teamIndex].id,
        edit_access: random.chance(0.6),
        created_at: chest.created_at,
        updated_at: chest.created_at,
      });
    }
  }
  return rows;
}

// What the server keeps beside the rows (migration 2026-11-23-0010), as its repositories would have:
// each chest's live, live visible and team counts, and each secret's chest name.
function keepChestValues(chests, assignments, secrets) {
  const byId = new Map(
    chests.map((chest) => {
      Object.assign(chest, { secret_count: 0, visible_secret_count: 0, team_count: 0 });
      return [chest.id, chest];
    }),
  );
  for (const assignment of assignments) byId.get(assignment.vault_id).team_count += 1;
  for (const secret of secrets) {
    const chest = byId.get(secret.vault_id);
    secret.vault_name = chest.name;
    if (secret.deleted_at !== null) continue;
    chest.secret_count += 1;
    if (!secret.hidden) chest.visible_secret_count += 1;
  }
}

// Each team's members (migration 2026-11-23-0030), as membership changes keep it.
function keepTeamCounts(teams, memberships) {
  const counts = new Map(teams.map((team) => [team.id, 0]));
  for (const membership of memberships) counts.set(membership.team_id, counts.get(membership.team_id) + 1);
  for (const team of teams) team.user_count = counts.get(team.id);
}

// Chests differ in size; secrets are made oldest first, as they would have been inserted.
function buildSecrets(plan, random, organisationId, users, chests) {
  const chestWeights = chests.map((chest) => [chest.id, 0.3 + random.next() * 1.4]);
  const administrators = users.slice(0, plan.administrators);
  const span = LAST_DAY - FIRST_DAY;
  return Array.from({ length: plan.secrets }, (_, index) => {
    const category = random.pickWeighted(CATEGORY_WEIGHTS);
    const createdMs = FIRST_DAY + ((index + random.next()) / plan.secrets) * span;
    const updatedMs = random.chance(0.5)
      ? createdMs + random.next() * (LAST_DAY - createdMs) * 0.3
      : createdMs;
    const hidden = random.chance(HIDDEN_SHARE);
    const author = hidden ? random.pick(administrators) : random.pick(users);
    const deleted = random.chance(DELETED_SHARE);
    return {
      id: random.uuid(),
      organisation_id: organisationId,
      vault_id: random.pickWeighted(chestWeights),
      name: makeSecretName(random, category),
      category,
      strength: category === 'password' ? random.pickWeighted(STRENGTH_WEIGHTS) : 0,
      form_fill: category === 'password' && random.chance(0.6),
      hidden,
      // Random bytes of the size of a sealed payload (300–600 base64 characters); the server never opens them.
      encrypted_data: randomBytes(random.int(225, 450)).toString('base64'),
      encryption_iv: randomBytes(12).toString('base64'),
      revision: random.int(1, 4),
      created_by: author.id,
      updated_by: author.id,
      deleted_at: deleted ? iso(updatedMs + 86_400_000) : null,
      created_at: iso(createdMs),
      updated_at: iso(updatedMs),
    };
  });
}

function iso(ms) {
  return new Date(Math.round(ms)).toISOString();
}
