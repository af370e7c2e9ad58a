/**
 * Decides whether this browser may wrap secret keys for a colleague's public key without asking.
 * A rule only ever answers from what the browser itself knows or can check: never from the
 * server's say-so. Today's rules are explicit trust (key-trust.ts) and a rotation endorsed by the
 * trusted key (rotation-trust-rule.ts); signed team membership, where an administrator's key signs
 * each member's public key, will be another rule that checks a signature, combined with
 * anyTrustRule in trustRuleFor.
 */
export interface TrustRule {
  isTrusted(userId: string, publicKey: string): Promise<boolean>;
}
