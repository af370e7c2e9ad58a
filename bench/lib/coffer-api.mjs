// Calls of Coffer's API that benchmarks make as the web app makes them: one JSON call timed, adding
// a user (keys made here from a generated password, as the add-user flow makes them in the
// administrator's browser) and removing one. Each answers its status and how long it took
// (performance.now(), the whole request).
import {
  DEFAULT_KDF_ITERATIONS,
  deriveAccountKeys,
  generatePassword,
  generateUserKeyPair,
  sealPrivateKey,
} from '@coffer/core';

/** The dashboard's first page as an administrator's dashboard asks for it (secrets-api.ts). */
export const DASHBOARD_PATH = '/api/v1/secrets.json?limit=20&offset=0&everything=true&options=vault';

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

/** DELETE /api/v1/users/:id.json: { status, ms }. */
export async function removeUser(server, headers, userId) {
  const { status, ms } = await callJson(server, headers, 'DELETE', `/api/v1/users/${userId}.json`);
  return { status, ms };
}
