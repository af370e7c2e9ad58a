import type { SignedTrustEntry, TrustChange, TrustState } from '@coffer/core';
import { activeUser, isTrustLogError, publicKeyFingerprint, signEntryAfter } from '@coffer/core';
import { type MembershipIntent, trustChangesOf } from './membership-intent.js';

/** Who signs: the signed-in user and the signing half of their unlocked key (key-store.ts). */
export interface TrustSigner {
  userId: string;
  signingKey: CryptoKey;
}

/** Thrown when the verified log does not let this user make the change (shown as the call's error). */
export class TrustChangeRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrustChangeRefused';
  }
}

/** The next entry signed and folded onto `state` (core's fold, as the server and every browser fold it). */
export async function signTrustChange(
  state: TrustState,
  signer: TrustSigner,
  fingerprint: string,
  change: TrustChange,
): Promise<{ signed: SignedTrustEntry; state: TrustState }> {
  try {
    return await signEntryAfter(state, { ...signer, fingerprint }, change);
  } catch (error) {
    if (isTrustLogError(error)) throw new TrustChangeRefused(error.message);
    throw error;
  }
}

/**
 * Signs the entries that say `intents`, after the verified `state`, each folded before the next
 * intent is judged: so a change the log would refuse (a member adding to a team, the last
 * administrator removed) is refused here, before anything is sent. Answers the entries, empty when
 * the state already says all of it.
 */
export async function signTrustIntents(
  state: TrustState,
  signer: TrustSigner,
  intents: readonly MembershipIntent[],
): Promise<SignedTrustEntry[]> {
  const me = activeUser(state, signer.userId);
  if (!me) throw new TrustChangeRefused('The organisation record does not hold you as an active member.');
  const entries: SignedTrustEntry[] = [];
  let current = state;
  for (const intent of intents) {
    for (const change of trustChangesOf(current, intent)) {
      const next = await signTrustChange(current, signer, me.fingerprint, change);
      entries.push(next.signed);
      current = next.state;
    }
  }
  return entries;
}

/** A user's own new key, with the old key's endorsement of it (keys/endorse-key-rotation.ts). */
export interface OwnNewKey {
  publicKey: string;
  endorsement: string;
  /** The new key's signing half: a rotation is signed with the key it binds. */
  signingKey: CryptoKey;
}

/**
 * The entry by which a user moves to a new key (a first personal password): signed with the NEW key
 * and carrying the old key's endorsement, so the log proves both keys. Folded here first, as the
 * server will fold it.
 */
export async function signKeyRotation(
  state: TrustState,
  userId: string,
  key: OwnNewKey,
): Promise<SignedTrustEntry> {
  if (!activeUser(state, userId))
    throw new TrustChangeRefused('The organisation record does not hold you as an active member.');
  const change: TrustChange = {
    op: 'key',
    body: { user: userId, public_key: key.publicKey, endorsement: key.endorsement },
  };
  const fingerprint = await publicKeyFingerprint(key.publicKey);
  const signer = { userId, signingKey: key.signingKey };
  return (await signTrustChange(state, signer, fingerprint, change)).signed;
}
