import { beforeAll, describe, expect, it } from 'vitest';
import cofferJson from '../crypto/vectors/coffer-suite1.json' with { type: 'json' };
import referenceJson from '../crypto/vectors/reference-suite1.json' with { type: 'json' };
import { foldTrustLog } from './fold-trust-log.js';
import {
  CHEST_IDS,
  modelReaders,
  type RandomLog,
  randomTrustLog,
  seededRandom,
} from './testing/random-trust-log.js';
import {
  expectRefusal,
  freshSigner,
  signerFromPkcs8,
  type TestSigner,
  testId,
} from './testing/trust-log-builder.js';
import type { SignedTrustEntry, TrustEntry } from './trust-entry.js';
import { signTrustEntry } from './trust-entry-signature.js';
import { readers } from './trust-readers.js';
import type { TrustState } from './trust-state.js';

// Property tests of the fold over seeded random logs: every valid log folds to what its model says,
// in one go or in parts, and one broken entry anywhere is refused with the right reason while the
// state before it stays as it was. A failing seed is replayed by its number.

const SEEDS = [1, 2, 3, 4];
const LENGTH = 30;

let owner: TestSigner;
let people: TestSigner[];
let spareKeys: TestSigner[];
const logs = new Map<number, RandomLog>();

beforeAll(async () => {
  owner = await signerFromPkcs8(
    testId('user', 1),
    cofferJson.key_pair.public_key,
    cofferJson.key_pair.private_key_pkcs8_b64,
  );
  const ada = await signerFromPkcs8(
    testId('user', 2),
    referenceJson.key_pair.public_key,
    referenceJson.key_pair.private_key_pkcs8_b64,
  );
  const fresh = await Promise.all([3, 4, 5, 6, 7].map((n) => freshSigner(testId('user', n))));
  people = [ada, ...fresh.slice(0, 3)];
  spareKeys = fresh.slice(3);
  for (const seed of SEEDS) logs.set(seed, await randomTrustLog(seed, LENGTH, owner, people, spareKeys));
}, 120_000);

const logOf = (seed: number) => logs.get(seed) as RandomLog;

function nonEmptyTeams(teams: Map<string, Map<string, boolean>>) {
  return Object.fromEntries(
    [...teams]
      .filter(([, members]) => members.size > 0)
      .map(([id, members]) => [id, Object.fromEntries(members)]),
  );
}

function nonEmptyChests(chests: Map<string, { teams: Map<string, boolean>; managers: Set<string> }>) {
  return Object.fromEntries(
    [...chests]
      .filter(([, chest]) => chest.teams.size > 0 || chest.managers.size > 0)
      .map(([id, chest]) => [
        id,
        { teams: Object.fromEntries(chest.teams), managers: [...chest.managers].sort() },
      ]),
  );
}

function expectModel(state: TrustState, { model }: RandomLog) {
  expect(state.owner).toBe(model.owner);
  const users = Object.fromEntries(
    [...state.users].map(([id, user]) => [
      id,
      { admin: user.admin, active: user.active, fingerprint: user.fingerprint },
    ]),
  );
  const modelUsers = Object.fromEntries(
    [...model.users].map(([id, user]) => [
      id,
      { admin: user.admin, active: user.active, fingerprint: user.signer.fingerprint },
    ]),
  );
  expect(users).toEqual(modelUsers);
  expect(nonEmptyTeams(state.teams)).toEqual(nonEmptyTeams(model.teams));
  expect(nonEmptyChests(state.chests)).toEqual(nonEmptyChests(model.chests));
  for (const chest of [...CHEST_IDS, testId('chest', 99)]) {
    for (const hidden of [false, true]) {
      expect([...readers(state, chest, hidden)].sort()).toEqual(modelReaders(model, chest, hidden));
    }
  }
}

// A copy of entry `index` with some fields changed, signed again by whoever signed it.
function resign(
  log: RandomLog,
  index: number,
  change: Partial<TrustEntry>,
  signer?: TestSigner,
): Promise<SignedTrustEntry> {
  const original = log.entries[index] as SignedTrustEntry;
  return signTrustEntry((signer ?? (log.signers[index] as TestSigner)).signingKey, {
    ...original.entry,
    ...change,
  } as TrustEntry);
}

it('the generated logs hold every kind of entry, and members who are not administrators', async () => {
  const ops = new Set([...logs.values()].flatMap((log) => log.entries.map(({ entry }) => entry.op)));
  expect([...ops].sort()).toEqual([
    'admit',
    'chest_manager',
    'chest_team',
    'genesis',
    'key',
    'owner',
    'remove',
    'reset',
    'role',
    'snapshot',
    'team_delete',
    'team_member',
  ]);
  const members = [...logs.values()].filter((log) =>
    [...log.model.users.values()].some((user) => user.active && !user.admin),
  );
  expect(members.length).toBeGreaterThan(0);
});

describe.each(SEEDS)('a random valid log (seed %i)', (seed) => {
  it('folds to what its model says, readers included', async () => {
    const log = logOf(seed);
    expect(log.entries).toHaveLength(LENGTH + 1);
    const state = await foldTrustLog(log.entries);
    expect(state.seq).toBe(LENGTH);
    expectModel(state, log);
  });

  it('folds the same in two parts, and leaves the first part’s state untouched', async () => {
    const log = logOf(seed);
    const cut = 1 + Math.floor(seededRandom(seed * 7)() * (LENGTH - 1));
    const first = await foldTrustLog(log.entries.slice(0, cut));
    const whole = await foldTrustLog(log.entries.slice(cut), first);
    expect(first.seq).toBe(cut - 1);
    expect(whole).toEqual(await foldTrustLog(log.entries));
  });

  it('refuses one broken entry anywhere with the right reason, and nothing changes', async () => {
    const log = logOf(seed);
    const random = seededRandom(seed * 13);
    const at = 1 + Math.floor(random() * LENGTH);
    const before = await foldTrustLog(log.entries.slice(0, at));
    const snapshot = structuredClone(before);
    const original = log.entries[at] as SignedTrustEntry;
    const sig = original.sig;
    const flipped = `${sig.slice(0, 20)}${sig[20] === 'A' ? 'B' : 'A'}${sig.slice(21)}`;
    await expectRefusal(foldTrustLog([{ ...original, sig: flipped }], before), 'signature');
    await expectRefusal(
      foldTrustLog([{ ...original, sig: (log.entries[at - 1] as SignedTrustEntry).sig }], before),
      'signature',
    );
    await expectRefusal(foldTrustLog([await resign(log, at, { seq: at + 1 })], before), 'sequence');
    await expectRefusal(foldTrustLog([await resign(log, at, { seq: at - 1 })], before), 'sequence');
    await expectRefusal(foldTrustLog([log.entries[at - 1] as SignedTrustEntry], before), 'sequence');
    if (at >= 2) {
      // A real hash of this log, one entry too early: a fork.
      const stale = (log.entries[at - 1] as SignedTrustEntry).entry.prev;
      await expectRefusal(foldTrustLog([await resign(log, at, { prev: stale })], before), 'chain');
    }
    await expectRefusal(
      foldTrustLog([await resign(log, at, { prev: `${'A'.repeat(43)}=` })], before),
      'chain',
    );
    await expectRefusal(foldTrustLog([await resign(log, at, { org: testId('org', 999) })], before), 'chain');
    const stranger = people.find((person) => !before.users.get(person.id)?.active);
    if (stranger) {
      await expectRefusal(
        foldTrustLog(
          [await resign(log, at, { actor: stranger.id, actor_fp: stranger.fingerprint }, stranger)],
          before,
        ),
        'unauthorised',
      );
    }
    expect(before).toEqual(snapshot);
    // The unbroken entry still applies after all that.
    expect((await foldTrustLog([original], before)).seq).toBe(at);
  });

  it('refuses an administrator’s change signed by a member who is not one', async () => {
    const log = logOf(seed);
    const state = await foldTrustLog(log.entries);
    const member = [...state.users.values()].find((user) => user.active && !user.admin);
    if (!member) return;
    const signer = log.model.users.get(member.id)?.signer as TestSigner;
    const base = {
      v: 1,
      org: state.org,
      seq: state.seq + 1,
      prev: state.head,
      at: '2026-12-07T10:00:00.000Z',
      actor: member.id,
      actor_fp: member.fingerprint,
    } as const;
    const changes = [
      { op: 'team_member', body: { team: testId('team', 1), user: member.id, edit: true, present: true } },
      {
        op: 'chest_team',
        body: { chest: CHEST_IDS[0] as string, team: testId('team', 1), edit: true, present: true },
      },
      { op: 'chest_manager', body: { chest: CHEST_IDS[0] as string, user: member.id, present: true } },
      { op: 'role', body: { user: member.id, admin: true } },
      { op: 'remove', body: { user: state.owner } },
      { op: 'owner', body: { user: member.id } },
      { op: 'snapshot', body: { teams: [], chests: [] } },
    ] as const;
    for (const change of changes) {
      const signed = await signTrustEntry(signer.signingKey, { ...base, ...change } as TrustEntry);
      await expectRefusal(foldTrustLog([signed], state), 'unauthorised');
    }
  });
});
