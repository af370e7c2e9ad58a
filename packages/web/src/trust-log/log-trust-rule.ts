import { activeUser, publicKeyFingerprint } from '@coffer/core';
import type { TrustRule } from '../keys/trust-rule-contract.js';
import { trustLogStore } from './trust-log-store.js';

/**
 * Trusted when the verified trust log binds the user, active, to this very key (issue 30): an
 * administrator's signature in the log vouches for the key for everyone in the organisation, so a
 * person confirmed once by an administrator is not asked about again in any browser. Nothing when
 * the organisation has no log, or this page has not verified it.
 */
export function logTrustRule(): TrustRule {
  return {
    async isTrusted(userId, publicKey) {
      const { log, alarm } = trustLogStore.get();
      const user = !alarm && log ? activeUser(log.state, userId) : undefined;
      if (!user) return false;
      try {
        return user.fingerprint === (await publicKeyFingerprint(publicKey));
      } catch {
        return false;
      }
    },
  };
}
