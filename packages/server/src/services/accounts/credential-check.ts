import type { Kysely } from 'kysely';
import { inPasswordSlot } from '../../auth/password-hash.js';
import type { Database } from '../../db/schema.js';
import { findUserByEmail, type User } from '../../repositories/user-repository.js';
import type { AttemptCounter } from '../../security/rate-limits.js';
import type { SignInProofs } from '../../security/sign-in-proofs.js';

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
 * Checks an e-mail and auth hash in about the same time whether or not the account exists: the
 * account is read inside a slot of the Argon2id gate, and an unknown e-mail holds its slot as long
 * as a verification takes (PasswordSlot.imitate), so timing and the gate's refusals are the same
 * for both. A full gate answers 429 before the account is read or counted, which is most of a flood
 * of sign-ins (docs/benchmarks.md, flood): such a request costs one look-up in the attempt store
 * (the proof's hint, on sign-in) or nothing (the two-factor check).
 *
 * The attempt is counted against the account (`attempts.assertAllowed`) before any password is
 * checked: inside the gate's slot, right before the hash, or before a proof is accepted; a wrong
 * guess is counted whichever way it goes.
 */
export async function checkCredentials(
  db: Kysely<Database>,
  email: unknown,
  authHash: unknown,
  attempts: AttemptCounter,
  proof?: ProofUse,
): Promise<CredentialCheck> {
  const address = typeof email === 'string' ? email : '';
  const password = typeof authHash === 'string' ? authHash : '';
  const findUser = () => (address.trim() !== '' ? findUserByEmail(db, address) : Promise.resolve(null));
  const count = () => attempts.assertAllowed();
  if (proof?.use === 'accept' && password !== '' && (await proof.proofs.mayHold(address, password))) {
    const user = await findUser();
    if (await proof.proofs.holds(user, password)) {
      await count();
      return { user, valid: user !== null, byProof: true };
    }
  }
  const { user, valid } = await inPasswordSlot(async (slot) => {
    const user = await findUser();
    await count();
    // Always verify, even an empty hash, so the time taken never depends on the input's shape.
    if (!user) await slot.imitate();
    return { user, valid: user ? await slot.verify(user.password_hash, password) : false };
  });
  if (user && valid && proof?.use === 'leave') await proof.proofs.remember(user, password);
  return { user, valid, byProof: false };
}
