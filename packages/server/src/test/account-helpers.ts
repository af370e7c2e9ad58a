import {
  type AccountKeys,
  DEFAULT_KDF_ITERATIONS,
  deriveAccountKeys,
  generateUserKeyPair,
  sealPrivateKey,
} from '@coffer/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readOutbox } from '../mail/outbox-reader.js';

/** Keys made with core's real crypto, as a browser would: derive once and reuse across a file. */
export interface TestAccountKeys {
  email: string;
  password: string;
  encryptionKey: AccountKeys['encryptionKey'];
  authHash: string;
  publicKey: string;
  encrypted_private_key: string;
  private_key_iv: string;
  kdf_iterations: number;
}

let cached: Promise<TestAccountKeys> | null = null;

/**
 * One account's keys per test file (600,000 iterations and an RSA-3072 pair are slow). Other
 * accounts of the file reuse them: the server cannot tell, it only checks their shape.
 */
export function getTestAccountKeys(): Promise<TestAccountKeys> {
  cached ??= (async () => {
    const email = 'keys-owner@example.test';
    const password = 'correct horse battery staple';
    const derived = await deriveAccountKeys({ email, password, iterations: DEFAULT_KDF_ITERATIONS });
    const pair = await generateUserKeyPair();
    const sealed = await sealPrivateKey(pair.privateKey, derived.encryptionKey, DEFAULT_KDF_ITERATIONS);
    return {
      email,
      password,
      encryptionKey: derived.encryptionKey,
      authHash: derived.authHash,
      publicKey: pair.publicKey,
      ...sealed,
      kdf_iterations: DEFAULT_KDF_ITERATIONS,
    };
  })();
  return cached;
}

/** The form fields of a registration (POST /users), with overrides; `undefined` leaves a field out. */
export function registrationFields(
  keys: TestAccountKeys,
  overrides: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    'user[email]': keys.email,
    'user[name]': 'Ada Lovelace',
    'user[password]': keys.authHash,
    'user[public_key]': keys.publicKey,
    'user[encrypted_private_key]': keys.encrypted_private_key,
    'user[private_key_iv]': keys.private_key_iv,
    'user[kdf_iterations]': String(keys.kdf_iterations),
    'user[owned_organisation_attributes][name]': 'Analytical Engines',
    'user[termsOfService]': 'true',
    'user[marketingOptIn]': 'false',
    ...overrides,
  };
}

/** POST /users form-encoded, as the web app sends it. */
export function postRegistration(
  app: FastifyInstance,
  fields: Record<string, string | undefined>,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  return app.inject({
    method: 'POST',
    url: '/users',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** POST /users/sign_in.json. */
export function postSignIn(
  app: FastifyInstance,
  user: { email: string; password: string; otp_attempt?: string },
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/users/sign_in.json',
    payload: { user },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The bearer token of a sign-in answer's Authorization header. */
export function readBearer(response: LightMyRequestResponse): string {
  const header = response.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) throw new Error('no bearer token');
  return header.slice('Bearer '.length);
}

/** The token of the newest outbox link to this address that carries `parameter`. */
export async function readMailedToken(dataDir: string, to: string, parameter: string): Promise<string> {
  const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.includes(to));
  for (const mail of mails.reverse()) {
    for (const link of mail.links) {
      const token = new URL(link).searchParams.get(parameter);
      if (token) return token;
    }
  }
  throw new Error(`no ${parameter} mailed to ${to}`);
}

/** Registers an organisation through the API and confirms its owner through the mailed link. */
export async function registerConfirmedOwner(
  app: FastifyInstance,
  dataDir: string,
  keys: TestAccountKeys,
  email: string,
  overrides: Record<string, string | undefined> = {},
): Promise<void> {
  const registered = await postRegistration(
    app,
    registrationFields(keys, { 'user[email]': email, ...overrides }),
  );
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  const token = await readMailedToken(dataDir, email, 'confirmation_token');
  const confirmed = await app.inject({
    method: 'GET',
    url: `/users/confirmation.json?confirmation_token=${encodeURIComponent(token)}`,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
}

/**
 * The key material of an administrator's reset_password body (a new key pair sealed under a chosen
 * password), made from the file's test keys.
 */
export function resetPasswordFields(keys: TestAccountKeys) {
  return {
    public_key: keys.publicKey,
    encrypted_private_key: keys.encrypted_private_key,
    private_key_iv: keys.private_key_iv,
    password: keys.authHash,
    password_confirmation: keys.authHash,
    kdf_iterations: keys.kdf_iterations,
  };
}

/** The `user` of an administrator's POST /api/v1/users (a colleague named Hank unless `extra` says). */
export function newUserFields(keys: TestAccountKeys, email: string, extra: object = {}) {
  return {
    name: 'Hank',
    email,
    password: keys.authHash,
    public_key: keys.publicKey,
    encrypted_private_key: keys.encrypted_private_key,
    private_key_iv: keys.private_key_iv,
    kdf_iterations: 600_000,
    ...extra,
  };
}
