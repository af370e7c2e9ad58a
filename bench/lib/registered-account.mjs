// What benchmarks that make their own organisation through a fresh server's API share: one strict
// JSON call, an account's keys made here as the sign-up form makes them, the mailed confirmation read
// from the server's outbox, and a sign-in as the web app does it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_KDF_ITERATIONS, deriveAccountKeys, generateUserKeyPair, sealPrivateKey } from '@coffer/core';
import { ROOT_DIR } from './paths.mjs';

const OUTBOX_READER = pathToFileURL(path.join(ROOT_DIR, 'packages/server/dist/mail/outbox-reader.js')).href;

/** One JSON call with a bearer token (or none): answers { body, headers }; throws unless 2xx. */
export async function callApi(server, token, method, route, body) {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) {
    // The server's message only (never a token or a key): what was refused, and why.
    let reason = '';
    try {
      reason = JSON.parse(text)?.error ?? JSON.parse(text)?.errors?.[0] ?? '';
    } catch {}
    throw new Error(
      `${method} ${route.split('?')[0]} answered ${response.status}${reason ? `: ${reason}` : ''}`,
    );
  }
  return { body: text ? JSON.parse(text) : null, headers: response.headers };
}

/**
 * An account's fields as the sign-up and add-user forms send them, with the derived keys (to open the
 * private key later): { fields, keys }.
 */
export async function sealedAccount(email, password) {
  const [keys, pair] = await Promise.all([
    deriveAccountKeys({ email, password, iterations: DEFAULT_KDF_ITERATIONS }),
    generateUserKeyPair(),
  ]);
  const sealed = await sealPrivateKey(pair.privateKey, keys.encryptionKey, DEFAULT_KDF_ITERATIONS);
  const fields = {
    password: keys.authHash,
    public_key: pair.publicKey,
    ...sealed,
    kdf_iterations: DEFAULT_KDF_ITERATIONS,
  };
  return { fields, keys };
}

/** Follows the confirmation link the server mailed to `email` (read from its outbox). */
export async function confirmByMail(server, email) {
  const { readOutbox } = await import(OUTBOX_READER);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const mail = (await readOutbox(server.dataDir)).find((one) => one.to.toLowerCase().includes(email));
    const link = mail?.links.find((candidate) => candidate.includes('confirmation_token='));
    if (link) {
      await callApi(server, null, 'GET', `/users/confirmation.json${new URL(link).search}`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no confirmation mail in the outbox');
}

/** Signs `email` in as the web app does (the auth hash derived here): answers { token, profile }. */
export async function signInThroughApi(server, email, password) {
  const { authHash } = await deriveAccountKeys({ email, password, iterations: DEFAULT_KDF_ITERATIONS });
  const answer = await callApi(server, null, 'POST', '/users/sign_in.json', {
    user: { email, password: authHash },
  });
  return {
    token: (answer.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, ''),
    profile: answer.body,
  };
}
