/**
 * Decides whether this browser may wrap secret keys for a colleague's public key without asking.
 * A rule only ever answers from what the browser itself knows or can check: never from the
 * server's say-so: explicit trust (key-trust.ts), the key the verified trust log binds
 * (trust-log/log-trust-rule.ts) and a rotation endorsed by the trusted key (rotation-trust-rule.ts),
 * combined with anyTrustRule in trustRuleFor.
 */
export interface TrustRule {
  isTrusted(userId: string, publicKey: string): Promise<boolean>;
}
