import type { Profile } from '@coffer/core';
import {
  DEFAULT_KDF_ITERATIONS,
  deriveAccountKeys,
  normaliseEmail,
  openPrivateKey,
  openSigningKey,
} from '@coffer/core';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { recordSensitive } from './sensitive-values.js';

/** A session opened through the real sign-in endpoints, with the private key opened in Node. */
export interface ApiSession {
  request: APIRequestContext;
  token: string;
  profile: Profile;
  privateKey: CryptoKey;
  /** The same private key opened for RSA-PSS signing (trust-log entries), as the web app keeps it. */
  signingKey: CryptoKey;
}

/** An answer of the API: status and parsed JSON (null when empty). */
export interface ApiAnswer<T = unknown> {
  status: number;
  json: T;
}

/** The auth hash the browser sends for an e-mail and password (crypto.md): what the log must never show. */
export async function authHashOf(email: string, password: string): Promise<string> {
  return (await deriveAccountKeys({ email, password, iterations: DEFAULT_KDF_ITERATIONS })).authHash;
}

/**
 * Signs in as the web app does: prelogin for the iterations, derive in Node with core's crypto,
 * `POST /users/sign_in.json`, then open the private key. Records the values the log must not show.
 */
export async function apiSignIn(
  request: APIRequestContext,
  credentials: { email: string; password: string; otp?: string },
): Promise<ApiSession> {
  const email = normaliseEmail(credentials.email);
  const prelogin = await request.post('/api/v1/prelogin.json', { data: { email } });
  expect(prelogin.status(), 'prelogin').toBe(200);
  const { kdf_iterations: iterations } = (await prelogin.json()) as { kdf_iterations: number };
  const keys = await deriveAccountKeys({ email, password: credentials.password, iterations });
  const answer = await request.post('/users/sign_in.json', {
    data: {
      user: {
        email,
        password: keys.authHash,
        ...(credentials.otp ? { otp_attempt: credentials.otp } : {}),
      },
    },
  });
  expect(answer.status(), `sign in of ${email}: ${await answer.text()}`).toBe(201);
  const token = (answer.headers().authorization ?? '').replace(/^Bearer\s+/i, '');
  const profile = (await answer.json()) as Profile;
  const stored = {
    encrypted_private_key: profile.encrypted_private_key,
    private_key_iv: profile.private_key_iv,
    kdf_iterations: profile.kdf_iterations,
  };
  const [privateKey, signingKey] = await Promise.all([
    openPrivateKey(stored, keys.encryptionKey),
    openSigningKey(stored, keys.encryptionKey),
  ]);
  await recordSensitive(
    { kind: 'password', value: credentials.password },
    { kind: 'auth hash', value: keys.authHash },
    { kind: 'session token', value: token },
    { kind: 'encrypted private key', value: profile.encrypted_private_key },
  );
  return { request, token, profile, privateKey, signingKey };
}

/** One authenticated call; answers the status and JSON whatever the status. */
export async function apiCall<T = unknown>(
  session: Pick<ApiSession, 'request' | 'token'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<ApiAnswer<T>> {
  const response = await session.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${session.token}` },
    ...(data === undefined ? {} : { data }),
  });
  const text = await response.text();
  return { status: response.status(), json: (text ? JSON.parse(text) : null) as T };
}

/** Like apiCall, but fails the journey unless the status is 2xx; answers the JSON. */
export async function apiOk<T = unknown>(
  session: Pick<ApiSession, 'request' | 'token'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const answer = await apiCall<T>(session, method, path, data);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return answer.json;
}

/**
 * Proves the session's password as SecureConfirm does (`POST /api/v1/users/verify_password.json`
 * with the auth hash derived in Node): the step-up calls (the administrator flag, password resets,
 * two-step setup, owner actions) are then allowed for five minutes.
 */
export async function apiProvePassword(session: ApiSession, password: string): Promise<void> {
  const keys = await deriveAccountKeys({
    email: normaliseEmail(session.profile.email),
    password,
    iterations: session.profile.kdf_iterations,
  });
  const answer = await apiOk<{ valid: boolean }>(session, 'POST', '/api/v1/users/verify_password.json', {
    password: keys.authHash,
  });
  expect(answer.valid, 'verify_password').toBe(true);
}

/** Marks the welcome flow as done, so `/` shows the dashboard instead of sending the user to /welcome. */
export async function finishWelcome(session: ApiSession): Promise<void> {
  await apiOk(session, 'PATCH', '/api/v1/profile.json', { user: { first_time: false } });
}
