import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword, verifyPassword } from '../auth/password-hash.js';
import type { Database } from '../db/schema.js';
import { findUserByEmail, type User } from '../repositories/user-repository.js';

let decoyHash: Promise<string> | null = null;

// An unknown e-mail still costs one Argon2id verification, so timing does not tell who has an account.
function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(32).toString('base64'));
  return decoyHash;
}

/** The account of an e-mail and whether the auth hash is its password; `valid` is false without an account. */
export interface CredentialCheck {
  user: User | null;
  valid: boolean;
}

/** Checks an e-mail and auth hash, in about the same time whether or not the account exists. */
export async function checkCredentials(
  db: Kysely<Database>,
  email: unknown,
  authHash: unknown,
): Promise<CredentialCheck> {
  const user = typeof email === 'string' && email.trim() !== '' ? await findUserByEmail(db, email) : null;
  const password = typeof authHash === 'string' ? authHash : '';
  if (!user) {
    await verifyPassword(await getDecoyHash(), password);
    return { user: null, valid: false };
  }
  // Always verify, even an empty hash, so the time taken never depends on the input's shape.
  return { user, valid: await verifyPassword(user.password_hash, password) };
}
