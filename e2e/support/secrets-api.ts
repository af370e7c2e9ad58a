import type {
  Chest,
  PublicKeysResponse,
  Secret,
  SecretCategory,
  SecretKeyAttributes,
  SecretPayloadByCategory,
  Team,
} from '@coffer/core';
import {
  BULK_CREATE_MAX_ITEMS,
  generateSecretKey,
  newSecretId,
  openSecret,
  sealSecret,
  unwrapSecretKey,
  wrapSecretKey,
} from '@coffer/core';
import type { ApiSession } from './api-session.js';
import { apiOk } from './api-session.js';

/** The organisation's default 'Everyone' team (every user is a member). */
export async function findEveryoneTeam(session: ApiSession): Promise<Team> {
  const { items } = await apiOk<{ items: Team[] }>(session, 'GET', '/api/v1/teams.json');
  const everyone = items.find((team) => team.default_for_new_users);
  if (!everyone) throw new Error('The organisation has no default team');
  return everyone;
}

/** Creates a team with members and chest assignments (administrators). */
export async function createTeamThroughApi(
  session: ApiSession,
  name: string,
  members: { user_id: string; edit_access?: boolean }[] = [],
  chests: { vault_id: string; edit_access: boolean }[] = [],
): Promise<Team> {
  return apiOk<Team>(session, 'POST', '/api/v1/teams.json', {
    team: { name, memberships_attributes: members, assignments_attributes: chests },
  });
}

/** Creates a chest linked to teams (administrators). */
export async function createChestThroughApi(
  session: ApiSession,
  name: string,
  teams: { team_id: string; edit_access: boolean }[],
): Promise<Chest> {
  return apiOk<Chest>(session, 'POST', '/api/v1/vaults.json', {
    vault: { name, assignments_attributes: teams },
  });
}

/** The chest's readers' public keys, as the web app asks for them before a save. */
async function readersOf(
  session: ApiSession,
  vaultId: string,
  hidden = false,
): Promise<PublicKeysResponse['items']> {
  const { items } = await apiOk<PublicKeysResponse>(
    session,
    'GET',
    `/api/v1/vaults/${vaultId}/public_keys.json${hidden ? '?hidden=true' : ''}`,
  );
  return items;
}

/** The secret's key wrapped for every reader of a chest, as the web app does on every save. */
export async function wrapForReaders(
  session: ApiSession,
  vaultId: string,
  secretId: string,
  secretKey: Uint8Array,
  hidden = false,
): Promise<SecretKeyAttributes[]> {
  return wrapFor(await readersOf(session, vaultId, hidden), secretId, secretKey);
}

function wrapFor(
  readers: PublicKeysResponse['items'],
  secretId: string,
  secretKey: Uint8Array,
): Promise<SecretKeyAttributes[]> {
  return Promise.all(
    readers.map(async (entry) => ({
      user_id: entry.user_id,
      encrypted_value: await wrapSecretKey(secretKey, entry.public_key, { secretId, userId: entry.user_id }),
    })),
  );
}

interface SecretInput<C extends SecretCategory> {
  vaultId: string;
  name: string;
  category: C;
  payload: SecretPayloadByCategory[C];
  /** Hidden: only administrators read it (their keys alone are wrapped). */
  hidden?: boolean;
}

/** A new secret's create body, sealed and wrapped in Node with core's crypto, as the browser makes it. */
async function sealedCreate<C extends SecretCategory>(
  input: SecretInput<C>,
  readers: PublicKeysResponse['items'],
) {
  const id = newSecretId();
  const secretKey = generateSecretKey();
  const sealed = await sealSecret({ secretId: id, revision: 1, payload: input.payload, secretKey });
  return {
    id,
    revision: 1,
    vault_id: input.vaultId,
    name: input.name,
    category: input.category,
    ...sealed,
    secret_keys_attributes: await wrapFor(readers, id, secretKey),
    strength: input.category === 'password' ? 3 : null,
    form_fill: false,
    hidden: input.hidden ?? false,
  };
}

/** Creates a secret sealed and wrapped in Node with core's crypto, exactly as the browser would. */
export async function createSecretThroughApi<C extends SecretCategory>(
  session: ApiSession,
  input: SecretInput<C>,
): Promise<Secret> {
  const secret = await sealedCreate(input, await readersOf(session, input.vaultId, input.hidden));
  return apiOk<Secret>(session, 'POST', '/api/v1/secrets.json', { secret });
}

/**
 * Creates many secrets of one chest (none hidden) as an import does: the readers asked for once, then
 * 50 to a request through `POST /api/v1/secrets/bulk.json`. For seeding where the list, not the
 * creation, is what a journey tests.
 */
export async function createSecretsThroughApi<C extends SecretCategory>(
  session: ApiSession,
  vaultId: string,
  inputs: Omit<SecretInput<C>, 'vaultId' | 'hidden'>[],
): Promise<Secret[]> {
  const readers = await readersOf(session, vaultId);
  const created: Secret[] = [];
  for (let start = 0; start < inputs.length; start += BULK_CREATE_MAX_ITEMS) {
    const secrets = await Promise.all(
      inputs
        .slice(start, start + BULK_CREATE_MAX_ITEMS)
        .map((input) => sealedCreate({ ...input, vaultId }, readers)),
    );
    const { items } = await apiOk<{ items: Secret[] }>(session, 'POST', '/api/v1/secrets/bulk.json', {
      secrets,
    });
    created.push(...items);
  }
  return created;
}

/** Fetches a secret and opens it with the session's own private key: its key and decrypted payload. */
export async function openSecretThroughApi(
  session: ApiSession,
  id: string,
): Promise<{ secret: Secret; secretKey: Uint8Array; payload: Record<string, unknown> }> {
  const secret = await apiOk<Secret>(session, 'GET', `/api/v1/secrets/${id}.json`);
  if (!secret.secret_key) throw new Error(`No key of secret ${id} for ${session.profile.email}`);
  const secretKey = await unwrapSecretKey(secret.secret_key.encrypted_value, session.privateKey, {
    secretId: id,
    userId: session.profile.id,
  });
  const payload = await openSecret({ ...secret, secretId: id, revision: secret.revision }, secretKey);
  return { secret, secretKey, payload };
}
