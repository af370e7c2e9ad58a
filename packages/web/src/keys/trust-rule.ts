import { publicKeyFingerprint } from '@coffer/core';
import { logTrustRule } from '../trust-log/log-trust-rule.js';
import { loadPin, savePin } from './key-pins.js';
import { loadTrust } from './key-trust.js';
import { rotationTrustRule } from './rotation-trust-rule.js';
import type { TrustRule } from './trust-rule-contract.js';

async function fingerprintOf(publicKey: string): Promise<string | null> {
  try {
    return await publicKeyFingerprint(publicKey);
  } catch {
    return null;
  }
}

/** Trusted: exactly the key `ownerId` trusted by an act in this browser ('created' or 'confirmed'). */
export function explicitTrustRule(ownerId: string): TrustRule {
  return {
    async isTrusted(userId, publicKey) {
      const record = await loadTrust(ownerId, userId);
      if (!record) return false;
      return record.fingerprint === (await fingerprintOf(publicKey));
    },
  };
}

/** Trusted when any of the rules trusts the key. */
export function anyTrustRule(rules: readonly TrustRule[]): TrustRule {
  return {
    async isTrusted(userId, publicKey) {
      for (const rule of rules) if (await rule.isTrusted(userId, publicKey)) return true;
      return false;
    },
  };
}

/**
 * The rule every wrap for `ownerId` goes through: the key trusted by an act, else the key the
 * organisation's verified trust log binds to the person, else a rotation that a trusted key
 * endorsed (asked of the server only for a person whose trusted key differs).
 */
export function trustRuleFor(ownerId: string): TrustRule {
  return anyTrustRule([explicitTrustRule(ownerId), logTrustRule(), rotationTrustRule(ownerId)]);
}

/** Why a key is not trusted: never confirmed in this browser, or another key than the one seen before. */
export type DistrustReason = 'unconfirmed' | 'changed';

/** What this browser knows of a colleague's public key. */
export type KeyAssessment =
  | { trusted: true; fingerprint: string }
  | { trusted: false; fingerprint: string; reason: DistrustReason; previousFingerprint?: string };

/**
 * Assesses a colleague's public key for `ownerId`: trusted by the rule, or not and why. The pin is
 * kept as the record of keys seen (crypto.md): a key seen for the first time is pinned, so a later
 * swap shows as 'changed'; a pin never makes a key trusted. Answers null for a key that is not
 * readable base64 SPKI (the wrap refuses it anyway).
 */
export async function assessKey(
  ownerId: string,
  userId: string,
  publicKey: string,
  rule: TrustRule,
): Promise<KeyAssessment | null> {
  const fingerprint = await fingerprintOf(publicKey);
  if (fingerprint === null) return null;
  const pinned = await loadPin(ownerId, userId);
  if (await rule.isTrusted(userId, publicKey)) {
    if (pinned !== fingerprint) await savePin(ownerId, userId, fingerprint);
    return { trusted: true, fingerprint };
  }
  const previous = (await loadTrust(ownerId, userId))?.fingerprint ?? pinned;
  if (previous === undefined) await savePin(ownerId, userId, fingerprint);
  if (previous !== undefined && previous !== fingerprint) {
    return { trusted: false, fingerprint, reason: 'changed', previousFingerprint: previous };
  }
  return { trusted: false, fingerprint, reason: 'unconfirmed' };
}
