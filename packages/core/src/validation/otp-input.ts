// OTP entry (spec section 5): "spaces removed and cut to 6 characters, unless longer than 6 (left as is)".
import { OTP_LENGTH } from '../constants/length-constants.js';

/**
 * Normalises a typed one-time code. Whitespace is removed, so '123 456' (as authenticator apps
 * show codes) becomes '123456'. When what remains is longer than 6 characters the input is a
 * recovery code and is returned exactly as typed. Otherwise the code is cut to 6 characters,
 * which after the removal never shortens it further.
 */
export function normaliseOtp(input: string | null | undefined): string {
  const raw = input ?? '';
  const compact = raw.replace(/\s+/g, '');
  if (compact.length > OTP_LENGTH) return raw;
  return compact.slice(0, OTP_LENGTH);
}

/** Whether a normalised code has the shape of a TOTP code (6 digits) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
