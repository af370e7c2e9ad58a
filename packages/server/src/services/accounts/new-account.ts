import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/password-hash.js';
import { generateSessionToken, hashToken } from '../../auth/session-token.js';
import type { Database, NewUserRow } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { isUniqueViolation } from '../../repositories/unique-violation.js';
import { findUserByEmail, insertUser, type User } from '../../repositories/user-repository.js';
import { type KeyMaterialInput, parseIterations, validateKeyMaterial } from './key-material-validator.js';

// What every way of making an account shares: registration, accepting an invitation, an administrator's add.

/** An e-mail that already has an account (spec section 8). */
export const EMAIL_TAKEN = 'Email has already been taken';

/** The key columns of a new user; the auth hash already through Argon2id. */
export interface AccountKeyColumns {
  password_hash: string;
  public_key: string;
  encrypted_private_key: string;
  private_key_iv: string;
  kdf_iterations: number;
}

/** Refuses an e-mail that already has an account. */
export async function assertEmailAvailable(db: Kysely<Database>, email: string): Promise<void> {
  if (await findUserByEmail(db, email)) throw AppError.validation(EMAIL_TAKEN);
}

/**
 * Checks the client-made key material (crypto.md) and hashes the auth hash with Argon2id. Run it
 * before the transaction: hashing is deliberately slow.
 */
export async function prepareAccountKeys(
  input: KeyMaterialInput,
  minKdfIterations: number,
): Promise<AccountKeyColumns> {
  const problem = validateKeyMaterial(input, {
    fields: ['password', 'public_key', 'encrypted_private_key', 'private_key_iv', 'kdf_iterations'],
    minKdfIterations,
  });
  if (problem) throw AppError.validation(problem);
  return {
    password_hash: await hashPassword(String(input.password)),
    public_key: String(input.public_key),
    encrypted_private_key: String(input.encrypted_private_key),
    private_key_iv: String(input.private_key_iv),
    kdf_iterations: parseIterations(input.kdf_iterations) ?? 0,
  };
}

/** A one-time token for an e-mail link and the hash to store. */
export function newEmailToken(): { token: string; hash: string } {
  const token = generateSessionToken();
  return { token, hash: hashToken(token) };
}

/** Inserts the user; a duplicate e-mail that slipped past the check (a race) is the same 400. */
export async function insertAccount(
  trx: Kysely<Database>,
  values: Omit<NewUserRow, 'id' | 'created_at' | 'updated_at'>,
  id: string = randomUUID(),
): Promise<User> {
  const now = new Date().toISOString();
  try {
    return await insertUser(trx, { id, created_at: now, updated_at: now, ...values });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.validation(EMAIL_TAKEN);
    throw error;
  }
}
