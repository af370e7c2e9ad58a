import { publicKeyFingerprint } from '@coffer/core';
import { loadTrust, type TrustRecord } from '../keys/key-trust.js';
import { rotationTrustRule } from '../keys/rotation-trust-rule.js';

/** How this browser trusts a user's key as the server holds it now: its record's origin, or null. */
export type TrustedOrigin = (userId: string, publicKey: string) => Promise<TrustRecord['origin'] | null>;

/**
 * How `ownerId`'s browser trusts a key as the server holds it now: the record's origin when it is the
 * very key recorded, 'endorsed' for a successor the recorded key endorsed (the rotation rule, which
 * records it), else null.
 */
export function trustedOriginFor(ownerId: string): TrustedOrigin {
  return async (userId, publicKey) => {
    const record = await loadTrust(ownerId, userId);
    if (!record) return null;
    if (record.fingerprint === (await publicKeyFingerprint(publicKey).catch(() => null)))
      return record.origin;
    return (await rotationTrustRule(ownerId).isTrusted(userId, publicKey)) ? 'endorsed' : null;
  };
}
