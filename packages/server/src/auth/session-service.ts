import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../db/schema.js';
import { insertSession } from '../repositories/session-repository.js';
import { generateSessionToken, hashToken } from './session-token.js';

/** A session lasts at most 12 hours from sign-in, however active. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** A new session and the token to hand to the client (only its hash is stored). */
export interface CreatedSession {
  token: string;
  session: SessionRow;
}

/** Opens a session for a user (sign-in, tests); `now` lets callers and tests fix the clock. */
export async function createSession(
  db: Kysely<Database>,
  user: { id: string; organisation_id: string },
  meta: { now?: Date } = {},
): Promise<CreatedSession> {
  const now = meta.now ?? new Date();
  const token = generateSessionToken();
  const session = await insertSession(db, {
    id: randomUUID(),
    organisation_id: user.organisation_id,
    user_id: user.id,
    token_hash: hashToken(token),
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
  });
  return { token, session };
}
