import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/password-hash.js';
import { createSession } from '../auth/session-service.js';
import { generateSessionToken, hashToken } from '../auth/session-token.js';
import type { Database, NewOrganisationRow, NewUserRow, SessionRow } from '../db/schema.js';
import { adjustChestCounts, secretCountDeltas, teamCountDeltas } from '../repositories/chest-counts.js';
import { type Invitation, insertInvitation } from '../repositories/invitation-repository.js';
import { refreshMissingKeys } from '../repositories/missing-key-repository.js';
import { insertOrganisation, type Organisation } from '../repositories/organisation-repository.js';
import { adjustTeamUserCounts, userCountDeltas } from '../repositories/team-repository.js';
import { insertUser, type User } from '../repositories/user-repository.js';

/** The auth hash (crypto.md) every factory-built user signs in with, unless overridden. */
export const TEST_AUTH_HASH = Buffer.alloc(32, 7).toString('base64');

let sequence = 0;
let defaultPasswordHash: Promise<string> | null = null;

function nextNumber(): number {
  sequence += 1;
  return sequence;
}

function now(): string {
  return new Date().toISOString();
}

/** Argon2id of TEST_AUTH_HASH, computed once per test file. */
export function testPasswordHash(): Promise<string> {
  defaultPasswordHash ??= hashPassword(TEST_AUTH_HASH);
  return defaultPasswordHash;
}

/** An organisation; any column may be overridden. */
export async function buildOrganisation(
  db: Kysely<Database>,
  overrides: Partial<NewOrganisationRow> = {},
): Promise<Organisation> {
  return insertOrganisation(db, {
    id: randomUUID(),
    name: `Organisation ${nextNumber()}`,
    created_at: now(),
    updated_at: now(),
    ...overrides,
  });
}

/**
 * A confirmed user signing in with TEST_AUTH_HASH. Without `organisation_id`, a new organisation
 * is made with this user as its owner.
 */
export async function buildUser(db: Kysely<Database>, overrides: Partial<NewUserRow> = {}): Promise<User> {
  const ownOrganisation = overrides.organisation_id ? null : await buildOrganisation(db);
  const number = nextNumber();
  const user = await insertUser(db, {
    id: randomUUID(),
    organisation_id: ownOrganisation?.id ?? '',
    name: `User ${number}`,
    email: `user-${number}-${randomUUID().slice(0, 8)}@example.test`,
    password_hash: await testPasswordHash(),
    kdf_iterations: 600_000,
    public_key: 'dGVzdC1wdWJsaWMta2V5',
    encrypted_private_key: 'dGVzdC1lbmNyeXB0ZWQtcHJpdmF0ZS1rZXk=',
    private_key_iv: 'dGVzdC1pdi0xMjM0',
    confirmed_at: now(),
    created_at: now(),
    updated_at: now(),
    ...overrides,
  });
  if (ownOrganisation) {
    await db
      .updateTable('organisations')
      .set({ owner_id: user.id })
      .where('id', '=', ownOrganisation.id)
      .execute();
  }
  // Factories write rows directly, so they keep missing_keys as the services do.
  await refreshMissingKeys(db, user.organisation_id, { userIds: [user.id] });
  return user;
}

/** A session for the user; returns the bearer token. Overrides move its clock (expiry tests). */
export async function buildSession(
  db: Kysely<Database>,
  user: { id: string; organisation_id: string },
  overrides: Partial<Pick<SessionRow, 'created_at' | 'last_seen_at' | 'expires_at' | 'revoked_at'>> = {},
): Promise<string> {
  const { token, session } = await createSession(db, user);
  if (Object.keys(overrides).length > 0) {
    await db.updateTable('sessions').set(overrides).where('id', '=', session.id).execute();
  }
  return token;
}

/** A team in the organisation. */
export async function buildTeam(
  db: Kysely<Database>,
  organisationId: string,
  overrides: { name?: string; default_for_new_users?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const team = { id: randomUUID(), name: overrides.name ?? `Team ${nextNumber()}` };
  await db
    .insertInto('teams')
    .values({
      ...team,
      organisation_id: organisationId,
      default_for_new_users: overrides.default_for_new_users ?? false,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
  return team;
}

/** A chest (vault) in the organisation. */
export async function buildChest(
  db: Kysely<Database>,
  organisationId: string,
  overrides: { name?: string } = {},
): Promise<{ id: string; name: string }> {
  const chest = { id: randomUUID(), name: overrides.name ?? `Chest ${nextNumber()}` };
  await db
    .insertInto('vaults')
    .values({ ...chest, organisation_id: organisationId, created_at: now(), updated_at: now() })
    .execute();
  return chest;
}

/** Puts a user in a team (counted in its user_count). */
export async function buildMembership(
  db: Kysely<Database>,
  user: { id: string; organisation_id: string },
  teamId: string,
  editAccess = false,
): Promise<string> {
  const id = randomUUID();
  await adjustTeamUserCounts(db, user.organisation_id, userCountDeltas([teamId], 1));
  await db
    .insertInto('memberships')
    .values({
      id,
      organisation_id: user.organisation_id,
      team_id: teamId,
      user_id: user.id,
      edit_access: editAccess,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
  await refreshMissingKeys(db, user.organisation_id, { userIds: [user.id] });
  return id;
}

/** Gives a team Read (false) or Write (true) access to a chest (counted in its team_count). */
export async function buildAssignment(
  db: Kysely<Database>,
  organisationId: string,
  chestId: string,
  teamId: string,
  editAccess = false,
): Promise<string> {
  const id = randomUUID();
  await adjustChestCounts(db, organisationId, teamCountDeltas([chestId], 1));
  await db
    .insertInto('assignments')
    .values({
      id,
      organisation_id: organisationId,
      vault_id: chestId,
      team_id: teamId,
      edit_access: editAccess,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
  await refreshMissingKeys(db, organisationId, { chestIds: [chestId] });
  return id;
}

/** Makes a user a manager of a chest. */
export async function buildManager(
  db: Kysely<Database>,
  user: { id: string; organisation_id: string },
  chestId: string,
): Promise<void> {
  await db
    .insertInto('vault_managers')
    .values({
      id: randomUUID(),
      organisation_id: user.organisation_id,
      vault_id: chestId,
      user_id: user.id,
      created_at: now(),
    })
    .execute();
  await refreshMissingKeys(db, user.organisation_id, { chestIds: [chestId], userIds: [user.id] });
}

/** A stand-in wrapped key: base64 of 384 random bytes, the size of an RSA-OAEP-3072 result. */
export function fakeWrappedKey(): string {
  return randomBytes(384).toString('base64');
}

/** A stand-in sealed payload and iv (random bytes; the server never opens them). */
export function fakeSealedPayload(): { encrypted_data: string; encryption_iv: string } {
  return {
    encrypted_data: randomBytes(64).toString('base64'),
    encryption_iv: randomBytes(12).toString('base64'),
  };
}

/**
 * A secret in a chest, with stand-in ciphertext and a wrapped key for each of `readerIds`; the
 * chest's counts and the secret's vault_name follow, as the repositories keep them.
 */
export async function buildSecret(
  db: Kysely<Database>,
  creator: { id: string; organisation_id: string },
  chestId: string,
  overrides: {
    name?: string;
    hidden?: boolean;
    readerIds?: string[];
    deleted_at?: string;
    category?: string;
    /** 1 to 5, or 0 for none; 3 unless given. */
    strength?: number;
  } = {},
): Promise<{ id: string; name: string }> {
  const secret = { id: randomUUID(), name: overrides.name ?? `Secret ${nextNumber()}` };
  const place = { vault_id: chestId, hidden: overrides.hidden ?? false, live: !overrides.deleted_at };
  await adjustChestCounts(db, creator.organisation_id, secretCountDeltas(null, place));
  const chest = await db.selectFrom('vaults').select('name').where('id', '=', chestId).executeTakeFirst();
  await db
    .insertInto('secrets')
    .values({
      ...secret,
      organisation_id: creator.organisation_id,
      vault_id: chestId,
      vault_name: chest?.name ?? '',
      category: overrides.category ?? 'password',
      strength: overrides.strength ?? 3,
      form_fill: false,
      hidden: overrides.hidden ?? false,
      ...fakeSealedPayload(),
      revision: 1,
      suite: 1,
      created_by: creator.id,
      updated_by: creator.id,
      deleted_at: overrides.deleted_at ?? null,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
  for (const userId of overrides.readerIds ?? [creator.id]) {
    await db
      .insertInto('secret_keys')
      .values({
        id: randomUUID(),
        organisation_id: creator.organisation_id,
        secret_id: secret.id,
        user_id: userId,
        encrypted_value: fakeWrappedKey(),
        version: 1,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
  }
  await refreshMissingKeys(db, creator.organisation_id, { secretIds: [secret.id] });
  return secret;
}

/**
 * An invitation sent by `inviter` (pending for a week unless `expires_at` says otherwise), made
 * directly; answers it with the token its link would carry.
 */
export async function buildInvitation(
  db: Kysely<Database>,
  inviter: { id: string; organisation_id: string },
  overrides: Partial<Pick<Invitation, 'name' | 'email' | 'expires_at' | 'created_at'>> = {},
): Promise<{ invitation: Invitation; token: string }> {
  const number = nextNumber();
  const token = generateSessionToken();
  const invitation = await insertInvitation(db, {
    id: randomUUID(),
    organisation_id: inviter.organisation_id,
    inviter_id: inviter.id,
    name: `Invitee ${number}`,
    email: `invitee-${number}-${randomUUID().slice(0, 8)}@example.test`,
    team_ids: [],
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
    created_at: now(),
    ...overrides,
  });
  return { invitation, token };
}
