// Real credentials for the benchmark users: an RSA-OAEP-3072 key pair sealed under the account's
// encryption key, the auth hash and its Argon2id, all made with core's crypto and the server's
// hashing, exactly as registration makes them. Made once (a few seconds) and cached in bench/.cache.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_KDF_ITERATIONS, deriveAccountKeys, generateUserKeyPair, sealPrivateKey } from '@coffer/core';
import { CACHE_DIR, SERVER_DIST } from '../lib/paths.mjs';
import { BENCH_PASSWORD, BENCH_USERS, DATASET_VERSION, ORGANISATION_PLANS } from './dataset-plan.mjs';

const CREDENTIALS_FILE = path.join(CACHE_DIR, `credentials-v${DATASET_VERSION}.json`);

/** The e-mail address of a benchmark user, e.g. member@northwind.example. */
export function benchUserEmail(organisationKey, role) {
  const plan = ORGANISATION_PLANS.find((candidate) => candidate.key === organisationKey);
  return `${role}@${plan.domain}`;
}

/**
 * { users: { [BENCH_USERS key]: { email, authHash, passwordHash, publicKey, encryptedPrivateKey,
 * privateKeyIv } }, otherPasswordHash }, from the cache or made now.
 */
export async function loadCredentials() {
  if (existsSync(CREDENTIALS_FILE)) return JSON.parse(readFileSync(CREDENTIALS_FILE, 'utf8'));
  const { hashPassword } = await import(pathToFileURL(path.join(SERVER_DIST, 'auth/password-hash.js')).href);
  const users = {};
  for (const [key, { organisation, role }] of Object.entries(BENCH_USERS)) {
    const email = benchUserEmail(organisation, role);
    const keys = await deriveAccountKeys({
      email,
      password: BENCH_PASSWORD,
      iterations: DEFAULT_KDF_ITERATIONS,
    });
    const pair = await generateUserKeyPair();
    const sealed = await sealPrivateKey(pair.privateKey, keys.encryptionKey, DEFAULT_KDF_ITERATIONS);
    users[key] = {
      email,
      authHash: keys.authHash,
      passwordHash: await hashPassword(keys.authHash),
      publicKey: pair.publicKey,
      encryptedPrivateKey: sealed.encrypted_private_key,
      privateKeyIv: sealed.private_key_iv,
    };
  }
  // Everyone else shares one hash of an auth hash nobody knows: they never sign in.
  const otherPasswordHash = await hashPassword(
    Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'),
  );
  const credentials = { users, otherPasswordHash };
  mkdirSync(CACHE_DIR, { recursive: true });
  const temporary = `${CREDENTIALS_FILE}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, CREDENTIALS_FILE);
  return credentials;
}
