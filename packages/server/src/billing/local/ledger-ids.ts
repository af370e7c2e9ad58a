import { randomBytes } from 'node:crypto';

/** Kinds of ledger object, with the prefixes the provider's ids carry (cus_, sub_, pm_, in_). */
export type LedgerObject = 'cus' | 'sub' | 'pm' | 'in';

/** A new id in the provider's style: prefix, underscore, 24 random lower-case letters and digits. */
export function newLedgerId(kind: LedgerObject): string {
  return `${kind}_${randomBytes(12).toString('hex')}`;
}

/** Whether text has the form of a ledger id of this kind (checked before any lookup). */
export function isLedgerId(kind: LedgerObject, value: string): boolean {
  return new RegExp(`^${kind}_[0-9a-f]{24}$`).test(value);
}
