import { createHmac } from 'node:crypto';
import type { ServerSecrets } from '../server-secrets.js';
import type { AttemptStore } from './attempt-store.js';

/** How long a right password at the two-factor check stands in for the sign-in's own check. */
export const SIGN_IN_PROOF_TTL_MS = 5 * 60_000;

/**
 * The login screen asks the two-factor check (is a code needed?) and then signs in with the same
 * e-mail and auth hash. So that a sign-in costs one Argon2id, not two, a right password at the check
 * leaves a proof for a few minutes, and the sign-in that sends the very same auth hash accepts the
 * proof instead of hashing again. The spec's calls keep their shapes.
 *
 * A proof is a key in the attempt store (database or Redis, so it works across servers): an HMAC,
 * under a key derived from the server secret, of the user id, the stored password hash and the auth
 * hash. Nothing that could sign anyone in is stored; a proof only matches the same auth hash, and no
 * longer once the password has changed (the stored hash is part of it).
 */
export interface SignInProofs {
  remember(user: ProofUser, authHash: string): Promise<void>;
  /** Whether a proof of this auth hash is held (for an unknown e-mail: `null`, and false). */
  holds(user: ProofUser | null, authHash: string): Promise<boolean>;
  forget(user: ProofUser, authHash: string): Promise<void>;
}

/** The parts of a user a proof is bound to. */
export interface ProofUser {
  id: string;
  password_hash: string;
}

/** Proofs in `store`, keyed under the server's at-rest key. */
export function createSignInProofs(
  store: AttemptStore,
  secrets: ServerSecrets,
  ttlMs = SIGN_IN_PROOF_TTL_MS,
): SignInProofs {
  const macKey = createHmac('sha256', secrets.atRestKey).update('coffer:sign-in-proof:1').digest();
  const keyOf = (user: ProofUser | null, authHash: string) =>
    `proof:${createHmac('sha256', macKey)
      .update(`${user?.id ?? ''}\u0000${user?.password_hash ?? ''}\u0000${authHash}`, 'utf8')
      .digest('hex')}`;
  return {
    remember: async (user, authHash) => {
      await store.increment(keyOf(user, authHash), ttlMs);
    },
    // An unknown e-mail looks a (random-looking) key up too, so both take the same round trip.
    holds: async (user, authHash) => (await store.peek(keyOf(user, authHash))).count > 0 && user !== null,
    forget: (user, authHash) => store.remove(keyOf(user, authHash)),
  };
}
