import { normaliseEmail } from '../crypto/account-keys.js';

// E-mail format and the lower-casing applied on input.

// Deliberately simple: something@label.label with a 2+ letter top level, no spaces, one '@'.
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;
const EMAIL_MAX = 254;

/** Whether a string is a plausible e-mail address (not a full RFC 5322 parser). */
export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || value.length > EMAIL_MAX) return false;
  return EMAIL_PATTERN.test(value);
}

/** Normalises typed e-mail input (missing reads as empty) the one way accounts are keyed and salted. */
export function normaliseEmailInput(value: string | null | undefined): string {
  return normaliseEmail(value ?? '');
}
