import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { recordLostKeys } from '../repositories/lost-key-recording.js';
import type { User } from '../repositories/user-repository.js';
import {
  buildAssignment,
  buildChest,
  buildManager,
  buildMembership,
  buildSecret,
  buildTeam,
  buildUser,
} from './factories.js';

// An organisation with a bit of everything the statistics count, varied by a seed so that two
// organisations never have the same figures: users accepted, pending and locked, administrators,
// two-step users, teams, chests (with members, read and write teams, a manager), secrets of every
// category and strength, hidden ones, ones marked for deletion, keys left out for some readers, and
// subscriptions (charged, trialling, cancelled).

/** What seedVariedOrganisation made. */
export interface VariedOrganisation {
  organisationId: string;
  owner: User;
  users: User[];
}

const CATEGORIES = ['password', 'telephone', 'address', 'note'] as const;

/** A small deterministic generator (mulberry32), so a seed always makes the same organisation. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Seeds one organisation; `seed` (1, 2, …) changes how many of each there are. */
export async function seedVariedOrganisation(
  db: Kysely<Database>,
  seed: number,
): Promise<VariedOrganisation> {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const owner = await buildUser(db, { administrator: true, otp_required_for_login: seed % 2 === 1 });
  const organisationId = owner.organisation_id;
  const users: User[] = [owner];
  for (let index = 0; index < 6 + seed * 2; index += 1) {
    const administrator = random() < 0.2;
    users.push(
      await buildUser(db, {
        organisation_id: organisationId,
        administrator,
        // Administrators cannot be locked; anyone may still be pending.
        locked: !administrator && random() < 0.25,
        confirmed_at: random() < 0.3 ? null : new Date().toISOString(),
        otp_required_for_login: random() < 0.4,
      }),
    );
  }

  const teams = [];
  for (let index = 0; index < 2 + seed; index += 1) teams.push(await buildTeam(db, organisationId));
  for (const user of users) {
    if (user.administrator) continue;
    for (const team of teams) if (random() < 0.5) await buildMembership(db, user, team.id, random() < 0.5);
  }
  const chests = [];
  for (let index = 0; index < 2 + seed; index += 1) {
    const chest = await buildChest(db, organisationId);
    chests.push(chest);
    for (const team of teams) {
      if (random() < 0.6) await buildAssignment(db, organisationId, chest.id, team.id, random() < 0.5);
    }
  }
  const plainUsers = users.filter((user) => !user.administrator);
  const manager = plainUsers[0];
  const managedChest = chests[0];
  if (manager && managedChest) await buildManager(db, manager, managedChest.id);

  for (let index = 0; index < 12 + seed * 3; index += 1) {
    // Keys for a random part of the organisation: some readers are left without one.
    const readerIds = [
      owner.id,
      ...users
        .slice(1)
        .filter(() => random() < 0.7)
        .map((user) => user.id),
    ];
    await buildSecret(db, owner, pick(chests).id, {
      category: pick(CATEGORIES),
      strength: Math.floor(random() * 6),
      hidden: random() < 0.15,
      ...(random() < 0.2 ? { deleted_at: new Date().toISOString() } : {}),
      readerIds,
    });
  }

  // The rotation list (issue 31): what a plain user could read, as if they had just been locked;
  // the second user of the seed holds keys of most secrets.
  const lost = users[1];
  if (lost) await recordLostKeys(db, organisationId, { userId: lost.id }, 'locked', new Date().toISOString());

  const subscription = (status: string, plan: string, unitAmount: number, quantity: number) => ({
    id: randomUUID(),
    organisation_id: organisationId,
    status,
    plan_nickname: plan,
    unit_amount: unitAmount,
    quantity,
    billing_cycle_anchor: new Date().toISOString(),
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  });
  await db
    .insertInto('billing_subscriptions')
    .values([
      subscription('canceled', 'CofferPaid', 300, 4),
      subscription(pick(['active', 'past_due', 'trialing']), 'CofferPaid', 300, users.length),
    ])
    .execute();
  return { organisationId, owner, users };
}
