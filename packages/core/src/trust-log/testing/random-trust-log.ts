import { endorseKeyRotation } from '../../crypto/key-rotation.js';
import type { SignedTrustEntry, TrustChange } from '../trust-entry.js';
import { type TestSigner, TrustLogBuilder, testId } from './trust-log-builder.js';

// A seeded generator of valid trust logs, with a plain model of what the log should fold to: the
// oracle of the fold's property tests (fold-trust-log.property.test.ts).

/** mulberry32: a small seeded generator, so a failing seed can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ModelUser {
  signer: TestSigner;
  admin: boolean;
  active: boolean;
}

/** What the generated log says, kept without any of the fold's code. */
export interface TrustModel {
  owner: string;
  users: Map<string, ModelUser>;
  teams: Map<string, Map<string, boolean>>;
  chests: Map<string, { teams: Map<string, boolean>; managers: Set<string> }>;
}

export interface RandomLog {
  entries: SignedTrustEntry[];
  model: TrustModel;
  /** The model's signer of each entry (its actor's key at that point), to re-sign broken copies. */
  signers: TestSigner[];
  builder: TrustLogBuilder;
}

export const TEAM_IDS = [1, 2, 3].map((n) => testId('team', n));
export const CHEST_IDS = [1, 2, 3].map((n) => testId('chest', n));

/**
 * A valid log of `length` entries after genesis. `people` are the users that may be admitted (ids
 * fixed by their signers); `spareKeys` are keys used once each, for rotations and resets.
 */
export async function randomTrustLog(
  seed: number,
  length: number,
  owner: TestSigner,
  people: readonly TestSigner[],
  spareKeys: readonly TestSigner[],
): Promise<RandomLog> {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const builder = new TrustLogBuilder(testId('org', seed));
  const model: TrustModel = {
    owner: owner.id,
    users: new Map([[owner.id, { signer: owner, admin: true, active: true }]]),
    teams: new Map(),
    chests: new Map(),
  };
  const signers: TestSigner[] = [];
  const spares = [...spareKeys];
  const append = async (signer: TestSigner, change: TrustChange) => {
    signers.push(signer);
    await builder.append(signer, change);
  };
  await append(owner, {
    op: 'genesis',
    body: { name: `Org ${seed}`, email: 'owner@coffer.test', public_key: owner.publicKey },
  });

  const active = () => [...model.users.entries()].filter(([, user]) => user.active);
  const admins = () => active().filter(([, user]) => user.admin);
  const chestOf = (id: string) => {
    const chest = model.chests.get(id) ?? { teams: new Map<string, boolean>(), managers: new Set<string>() };
    model.chests.set(id, chest);
    return chest;
  };

  while (signers.length <= length) {
    const [actorId, actor] = pick(admins());
    const others = active().filter(([id]) => id !== actorId && id !== model.owner);
    const newcomers = people.filter((person) => !model.users.has(person.id));
    const choice = pick([
      'admit',
      'admit',
      'team_member',
      'team_member',
      'chest_team',
      'chest_manager',
      'team_delete',
      'role',
      'remove',
      'owner',
      'key',
      'reset',
      'snapshot',
    ]);
    if (choice === 'admit' && newcomers.length > 0) {
      const person = pick(newcomers);
      const admin = random() < 0.4;
      await append(actor.signer, {
        op: 'admit',
        body: {
          user: person.id,
          email: `${person.id}@coffer.test`,
          public_key: person.publicKey,
          admin,
          how: pick(['created', 'confirmed', 'invited'] as const),
        },
      });
      model.users.set(person.id, { signer: person, admin, active: true });
    } else if (choice === 'team_member') {
      const [userId] = pick(active());
      const team = pick(TEAM_IDS);
      const edit = random() < 0.5;
      const present = random() < 0.7;
      await append(actor.signer, { op: 'team_member', body: { team, user: userId, edit, present } });
      const members = model.teams.get(team) ?? new Map<string, boolean>();
      if (present) members.set(userId, edit);
      else members.delete(userId);
      model.teams.set(team, members);
    } else if (choice === 'chest_team') {
      const chest = pick(CHEST_IDS);
      const team = pick(TEAM_IDS);
      const edit = random() < 0.5;
      const present = random() < 0.7;
      await append(actor.signer, { op: 'chest_team', body: { chest, team, edit, present } });
      if (present) chestOf(chest).teams.set(team, edit);
      else chestOf(chest).teams.delete(team);
    } else if (choice === 'chest_manager') {
      const [userId] = pick(active());
      const chest = pick(CHEST_IDS);
      const present = random() < 0.7;
      await append(actor.signer, { op: 'chest_manager', body: { chest, user: userId, present } });
      if (present) chestOf(chest).managers.add(userId);
      else chestOf(chest).managers.delete(userId);
    } else if (choice === 'team_delete') {
      const team = pick(TEAM_IDS);
      await append(actor.signer, { op: 'team_delete', body: { team } });
      model.teams.delete(team);
      for (const chest of model.chests.values()) chest.teams.delete(team);
    } else if (choice === 'role' && others.length > 0) {
      const [userId, user] = pick(others);
      await append(actor.signer, { op: 'role', body: { user: userId, admin: !user.admin } });
      user.admin = !user.admin;
    } else if (choice === 'remove' && others.length > 0) {
      const [userId, user] = pick(others);
      await append(actor.signer, { op: 'remove', body: { user: userId } });
      user.active = false;
      user.admin = false;
      for (const members of model.teams.values()) members.delete(userId);
      for (const chest of model.chests.values()) chest.managers.delete(userId);
    } else if (choice === 'owner') {
      const candidates = admins().filter(([id]) => id !== model.owner);
      if (candidates.length === 0) continue;
      const [nextOwner] = pick(candidates);
      await append((model.users.get(model.owner) as ModelUser).signer, {
        op: 'owner',
        body: { user: nextOwner },
      });
      model.owner = nextOwner;
    } else if ((choice === 'key' || choice === 'reset') && spares.length > 0) {
      const [userId, user] =
        choice === 'key' ? pick(active()) : others.length > 0 ? pick(others) : [undefined, undefined];
      if (!userId || !user) continue;
      const spare = spares.shift() as TestSigner;
      const next: TestSigner = { ...spare, id: userId };
      if (choice === 'key') {
        const endorsement = await endorseKeyRotation(user.signer.signingKey, {
          userId,
          publicKey: next.publicKey,
        });
        await append(next, { op: 'key', body: { user: userId, public_key: next.publicKey, endorsement } });
      } else {
        await append(actor.signer, { op: 'reset', body: { user: userId, public_key: next.publicKey } });
      }
      user.signer = next;
    } else if (choice === 'snapshot') {
      const body = {
        teams: [...model.teams].map(([team, members]) => ({
          team,
          members: [...members].map(([user, edit]) => ({ user, edit })),
        })),
        chests: [...model.chests].map(([chest, { teams, managers }]) => ({
          chest,
          teams: [...teams].map(([team, edit]) => ({ team, edit })),
          managers: [...managers],
        })),
      };
      await append((model.users.get(model.owner) as ModelUser).signer, { op: 'snapshot', body });
    }
  }
  return { entries: builder.entries, model, signers, builder };
}

/** The readers the model says a chest's secret has: administrators, then managers and team members unless hidden. */
export function modelReaders(model: TrustModel, chestId: string, hidden: boolean): string[] {
  const found = new Set([...model.users].filter(([, user]) => user.active && user.admin).map(([id]) => id));
  const chest = model.chests.get(chestId);
  if (!hidden && chest) {
    for (const id of chest.managers) found.add(id);
    for (const team of chest.teams.keys())
      for (const id of model.teams.get(team)?.keys() ?? []) found.add(id);
  }
  return [...found].sort();
}
