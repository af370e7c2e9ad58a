import { createHmac } from 'node:crypto';
import { normaliseEmail } from '@coffer/core';
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
 *
 * Beside it a hint, an HMAC of the normalised e-mail and the auth hash, tells a sign-in whether a
 * proof may be held before the account is read: a sign-in without one goes straight to the
 * Argon2id gate, which refuses it before any read when it is full (services/accounts/credential-check.ts).
 */
export interface SignInProofs {
  remember(user: ProofUser, authHash: string): Promise<void>;
  /** Whether a proof of this auth hash for this e-mail may be held: one look-up, the same for any e-mail. */
  mayHold(email: string, authHash: string): Promise<boolean>;
  /** Whether a proof of this auth hash is held (for an unknown e-mail: `null`, and false). */
  holds(user: ProofUser | null, authHash: string): Promise<boolean>;
  forget(user: ProofUser, authHash: string): Promise<void>;
}

/** The parts of a user a proof is bound to. */
export interface ProofUser {
  id: string;
  email: string;
  password_hash: string;
}

/** Proofs in `store`, keyed under the server's at-rest key. */
export function createSignInProofs(
  store: AttemptStore,
  secrets: ServerSecrets,
  ttlMs = SIGN_IN_PROOF_TTL_MS,
): SignInProofs {
  const macKey = createHmac('sha256', secrets.atRestKey).update('coffer:sign-in-proof:1').digest();
  const mac = (kind: string, ...parts: string[]) =>
    `${kind}:${createHmac('sha256', macKey).update(parts.join('\u0000'), 'utf8').digest('hex')}`;
  const keyOf = (user: ProofUser | null, authHash: string) =>
    mac('proof', user?.id ?? '', user?.password_hash ?? '', authHash);
  const hintOf = (email: string, authHash: string) => mac('proof-hint', normaliseEmail(email), authHash);
  return {
    remember: async (user, authHash) => {
      await store.increment(keyOf(user, authHash), ttlMs);
      await store.increment(hintOf(user.email, authHash), ttlMs);
    },
    mayHold: async (email, authHash) => (await store.peek(hintOf(email, authHash))).count > 0,
    // An unknown e-mail looks a (random-looking) key up too, so both take the same round trip.
    holds: async (user, authHash) => (await store.peek(keyOf(user, authHash))).count > 0 && user !== null,
    forget: async (user, authHash) => {
      await store.remove(keyOf(user, authHash));
      await store.remove(hintOf(user.email, authHash));
    },
  };
}
