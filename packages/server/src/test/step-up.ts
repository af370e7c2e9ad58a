import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashToken } from '../auth/session-token.js';
import { STEP_UP_WINDOW_MS } from '../auth/step-up.js';
import type { Database } from '../db/schema.js';
import { TEST_AUTH_HASH } from './factories.js';

/**
 * Proves the session's password as SecureConfirm does (`POST /api/v1/users/verify_password`), so
 * the step-up calls (administrator flag, resets, two-step setup and disabling, owner actions) are
 * allowed for five minutes. Throws when the server does not answer `{valid: true}`.
 */
export async function provePassword(
  app: FastifyInstance,
  token: string,
  password: string = TEST_AUTH_HASH,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/users/verify_password.json',
    headers: { authorization: `Bearer ${token}` },
    payload: { password },
  });
  if (response.statusCode !== 200 || response.json().valid !== true) {
    throw new Error(`verify_password refused: ${response.statusCode} ${response.body}`);
  }
}

/** Makes the session's password proof a minute older than the step-up window, as if time had passed. */
export async function makePasswordProofStale(db: Kysely<Database>, token: string): Promise<void> {
  const stale = new Date(Date.now() - STEP_UP_WINDOW_MS - 60_000).toISOString();
  await db
    .updateTable('sessions')
    .set({ password_verified_at: stale })
    .where('token_hash', '=', hashToken(token))
    .execute();
}
