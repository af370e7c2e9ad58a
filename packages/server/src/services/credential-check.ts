import type { Kysely } from 'kysely';
import { imitateVerification, verifyPassword } from '../auth/password-hash.js';
import type { Database } from '../db/schema.js';
import { findUserByEmail, type User } from '../repositories/user-repository.js';
import type { AttemptCounter } from '../security/rate-limits.js';
import type { SignInProofs } from '../security/sign-in-proofs.js';

/** The account of an e-mail and whether the auth hash is its password; `valid` is false without an account. */
export interface CredentialCheck {
  user: User | null;
  valid: boolean;
  /** The password was proven by a proof of the two-factor check, not by Argon2id. */
  byProof: boolean;
}

/**
 * What to do with sign-in proofs (security/sign-in-proofs.ts): the two-factor check `leave`s one
 * when the password is right; the sign-in `accept`s one instead of hashing again.
 */
export interface ProofUse {
  proofs: SignInProofs;
  use: 'leave' | 'accept';
}

/**
 * Checks an e-mail and auth hash in about the same time whether or not the account exists: an
 * unknown e-mail holds a slot of the Argon2id gate as long as a verification takes
 * (imitateVerification), so timing and the gate's refusals are the same for both. Every Argon2id
 * goes through the gate (auth/password-hash.ts), which answers 429 when it is full.
 *
 * The attempt is counted against the account (`attempts.assertAllowed`) before any password is
 * checked: inside the gate's slot, right before the hash, or before a proof is accepted. A request
 * the full gate refuses has then written nothing, which is most of a flood of sign-ins
 * (docs/benchmarks.md, flood); a wrong guess is counted whichever way it goes.
 */
export async function checkCredentials(
  db: Kysely<Database>,
  email: unknown,
  authHash: unknown,
  attempts: AttemptCounter,
  proof?: ProofUse,
): Promise<CredentialCheck> {
  const user = typeof email === 'string' && email.trim() !== '' ? await findUserByEmail(db, email) : null;
  const password = typeof authHash === 'string' ? authHash : '';
  const count = () => attempts.assertAllowed();
  if (proof?.use === 'accept' && password !== '' && (await proof.proofs.holds(user, password))) {
    await count();
    return { user, valid: user !== null, byProof: true };
  }
  if (!user) {
    await imitateVerification(count);
    return { user: null, valid: false, byProof: false };
  }
  // Always verify, even an empty hash, so the time taken never depends on the input's shape.
  const valid = await verifyPassword(user.password_hash, password, count);
  if (valid && proof?.use === 'leave') await proof.proofs.remember(user, password);
  return { user, valid, byProof: false };
}
