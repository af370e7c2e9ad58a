import { normaliseEmail } from '@coffer/core';
import type { ConfirmedIdentity, TrustRecord } from './key-trust.js';

/**
 * What does not add up about a person about to be confirmed, judged against what this browser trusted
 * before (review T2, T5): the server now gives a trusted id another e-mail than the one confirmed, or gives
 * an id this browser never trusted the e-mail of someone it trusted under another id.
 */
export type IdentityWarning =
  | { kind: 'email-changed'; was: string; now: string }
  | { kind: 'email-of-another'; email: string; trustedName: string | null };

/**
 * The warnings for `userId`, shown now as `shown` (the server's name and e-mail; undefined when it named
 * nobody), against the owner's trust records. Records from before names were kept warn about nothing.
 */
export function identityWarnings(
  userId: string,
  shown: ConfirmedIdentity | undefined,
  records: readonly TrustRecord[],
): IdentityWarning[] {
  const email = shown?.email;
  if (!email) return [];
  const now = normaliseEmail(email);
  const warnings: IdentityWarning[] = [];
  const own = records.find((record) => record.userId === userId);
  if (own?.email && normaliseEmail(own.email) !== now) {
    warnings.push({ kind: 'email-changed', was: own.email, now: email });
  }
  for (const record of records) {
    if (record.userId === userId || !record.email || normaliseEmail(record.email) !== now) continue;
    warnings.push({ kind: 'email-of-another', email, trustedName: record.name ?? null });
  }
  return warnings;
}
