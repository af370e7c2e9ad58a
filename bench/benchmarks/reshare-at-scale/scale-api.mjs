// The calls reshare-at-scale makes, through the real API as the admin area makes them: adding a
// user (keys made here from a generated password, as the add-user flow makes them in the
// administrator's browser), a team change that adds a member, the missing-key count, removing the
// user again. Each answers its status and how long it took (performance.now(), whole request).
import {
  DEFAULT_KDF_ITERATIONS,
  deriveAccountKeys,
  generatePassword,
  generateUserKeyPair,
  sealPrivateKey,
} from '@coffer/core';

/** The missing-key list as the background reshare asks for it (a page of 500). */
export const RESHARE_PATH = '/api/v1/secret_keys/reshare_all.json';
/** The dashboard's first page as an administrator's dashboard asks for it (secrets-api.ts). */
export const DASHBOARD_PATH = '/api/v1/secrets.json?limit=20&offset=0&everything=true&options=vault';
/** The list other users keep asking for during a team change: the member's first page. */
export const PROBE_PATH = '/api/v1/secrets.json?limit=20';

/** GET reshare_all.json?limit=1: how many keys are missing among the caller's secrets (total). */
export const COUNT_PATH = '/api/v1/secret_keys/reshare_all.json?limit=1';

/** One JSON call: { status, ms, body } (body parsed when there is one). */
export async function callJson(server, headers, method, path, body) {
  const startedAt = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  const ms = performance.now() - startedAt;
  return { status: response.status, ms, body: text ? JSON.parse(text) : null };
}

/**
 * Adds a user as the admin area's add-user flow does (POST /api/v1/users.json, no team chosen: they
 * join the organisation's default team only). Returns their id.
 */
export async function addNewcomer(server, headers, { name, email }) {
  const password = generatePassword();
  const [derived, pair] = await Promise.all([
    deriveAccountKeys({ email, password, iterations: DEFAULT_KDF_ITERATIONS }),
    generateUserKeyPair(),
  ]);
  const sealed = await sealPrivateKey(pair.privateKey, derived.encryptionKey, DEFAULT_KDF_ITERATIONS);
  const answer = await callJson(server, headers, 'POST', '/api/v1/users.json', {
    user: {
      name,
      email,
      password: derived.authHash,
      public_key: pair.publicKey,
      encrypted_private_key: sealed.encrypted_private_key,
      private_key_iv: sealed.private_key_iv,
      kdf_iterations: DEFAULT_KDF_ITERATIONS,
      team_ids: [],
    },
  });
  if (answer.status !== 201) throw new Error(`adding a user answered ${answer.status}`);
  return answer.body.id;
}

/** PUT /api/v1/teams/:id.json adding `userId` (read access), as a team's page saves it: { status, ms }. */
export async function joinTeam(server, headers, teamId, userId) {
  const { status, ms } = await callJson(server, headers, 'PUT', `/api/v1/teams/${teamId}.json`, {
    team: { memberships_attributes: [{ user_id: userId, edit_access: false }] },
  });
  return { status, ms };
}

/** The missing-key count the administrator's background reshare starts from: { total, ms }. */
export async function countMissing(server, headers) {
  const answer = await callJson(server, headers, 'GET', COUNT_PATH);
  if (answer.status !== 200) throw new Error(`GET ${COUNT_PATH} answered ${answer.status}`);
  return { total: answer.body.total, ms: answer.ms };
}

/** DELETE /api/v1/users/:id.json: { status, ms }. */
export async function removeUser(server, headers, userId) {
  const { status, ms } = await callJson(server, headers, 'DELETE', `/api/v1/users/${userId}.json`);
  return { status, ms };
}
