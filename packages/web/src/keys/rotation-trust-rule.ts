import type { KeyEndorsementResponse } from '@coffer/core';
import { publicKeyFingerprint, verifyKeyRotation } from '@coffer/core';
import { fetchKeyEndorsement } from '../api/key-endorsement-api.js';
import { loadTrust, trustEndorsedKey } from './key-trust.js';
import type { TrustRule } from './trust-rule-contract.js';

/** Where the rule reads a colleague's endorsement (the server, by default). */
export type EndorsementSource = (userId: string) => Promise<KeyEndorsementResponse>;

/**
 * Trusts a colleague's new key when the key this browser trusts for them signed the rotation to it
 * (docs/crypto.md, "Key rotation endorsements"): the member's browser signs the new public key with
 * the old private key at the first personal password. Accepted only when the endorsing key is the
 * TRUSTED one (a record in the trust store: never a key merely pinned or seen), the endorsed key is
 * exactly the one to wrap for, and the signature verifies for this user; the new key is then
 * recorded as trusted ('endorsed'). One step: a browser that missed a rotation asks, as before.
 * Anything else, a failed request included, answers false and the person is asked about as today.
 */
export function rotationTrustRule(
  ownerId: string,
  source: EndorsementSource = fetchKeyEndorsement,
): TrustRule {
  return {
    async isTrusted(userId, publicKey) {
      const trusted = await loadTrust(ownerId, userId);
      if (!trusted) return false;
      if (!(await endorsedByTrustedKey(trusted.fingerprint, userId, publicKey, source))) return false;
      await trustEndorsedKey(ownerId, userId, publicKey);
      return true;
    },
  };
}

async function endorsedByTrustedKey(
  trustedFingerprint: string,
  userId: string,
  publicKey: string,
  source: EndorsementSource,
): Promise<boolean> {
  try {
    const answer = await source(userId);
    const endorsingPublicKey = answer.endorsing_public_key;
    const signature = answer.key_endorsement;
    if (answer.user_id !== userId || answer.public_key !== publicKey) return false;
    if (typeof endorsingPublicKey !== 'string' || typeof signature !== 'string') return false;
    if ((await publicKeyFingerprint(endorsingPublicKey)) !== trustedFingerprint) return false;
    return await verifyKeyRotation({ userId, publicKey, endorsingPublicKey, signature });
  } catch {
    return false;
  }
}
