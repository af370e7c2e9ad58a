// Authenticator codes (RFC 6238) from what a password secret keeps in `totp`: an otpauth:// URI or a
// bare base32 secret. Parsing is Coffer's own (other managers export keys that otpauth's strict parser
// refuses, and Coffer keeps those verbatim); the HMAC and truncation are the otpauth library's, which
// runs unchanged in Node and in the browser.
import { Secret, TOTP } from 'otpauth';
import {
  TOTP_DIGITS_MESSAGE,
  TOTP_HOTP_MESSAGE,
  TOTP_NO_SECRET_MESSAGE,
  TOTP_PERIOD_MESSAGE,
  TOTP_UNKNOWN_ALGORITHM_MESSAGE,
} from '../constants/secret-extras-constants.js';

/** The hash functions authenticator apps use. */
export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

/** Defaults of RFC 6238 and of every authenticator app when a URI leaves a parameter out. */
export const TOTP_DEFAULT_DIGITS = 6;
export const TOTP_DEFAULT_PERIOD = 30;
export const TOTP_DEFAULT_ALGORITHM: TotpAlgorithm = 'SHA1';
/** Codes shorter than 6 are too weak, longer than 8 no service asks for (and HOTP's 31 bits end at 9–10). */
export const TOTP_MIN_DIGITS = 6;
export const TOTP_MAX_DIGITS = 8;

/** An authenticator key as Coffer reads it. */
export interface TotpKey {
  /** Base32 (upper case, no spaces or padding) when `usable`; otherwise the secret exactly as entered. */
  secret: string;
  /** Whether the secret is base32, so codes can be made from it. */
  usable: boolean;
  digits: number;
  period: number;
  algorithm: TotpAlgorithm;
  /** From the URI's issuer parameter or its label's prefix; '' when none. */
  issuer: string;
  /** The account part of the URI's label; '' when none. */
  label: string;
}

/** What parsing an authenticator key answers: the key, or the message saying why it cannot be used. */
export type TotpParseResult = { ok: true; key: TotpKey } | { ok: false; error: string };

const URI = /^otpauth:\/\/([^/?#]*)\/?([^?#]*)(?:\?([^#]*))?/i;
const BASE32 = /^[A-Z2-7]+$/;
const WHOLE_NUMBER = /^\d+$/;

/** A base32 secret as authenticator apps accept it: spaces, lower case and '=' padding tolerated. */
export function normaliseBase32(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase().replace(/=+$/, '');
  // One character holds five bits: less than a byte is no key.
  return compact.length >= 2 && BASE32.test(compact) ? compact : null;
}

function toAlgorithm(value: string | null): TotpAlgorithm | null {
  if (value === null || value.trim() === '') return TOTP_DEFAULT_ALGORITHM;
  const name = value.trim().toUpperCase().replace('-', '');
  return name === 'SHA1' || name === 'SHA256' || name === 'SHA512' ? name : null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function keyFromSecret(secret: string): Pick<TotpKey, 'secret' | 'usable'> {
  const base32 = normaliseBase32(secret);
  return base32 === null ? { secret, usable: false } : { secret: base32, usable: true };
}

function parseUri(match: RegExpExecArray): TotpParseResult {
  const type = (match[1] ?? '').toLowerCase();
  if (type === 'hotp') return { ok: false, error: TOTP_HOTP_MESSAGE };
  const params = new URLSearchParams(match[3] ?? '');
  const secret = params.get('secret')?.trim() ?? '';
  if (type !== 'totp' || secret === '') return { ok: false, error: TOTP_NO_SECRET_MESSAGE };

  const algorithm = toAlgorithm(params.get('algorithm'));
  if (algorithm === null) return { ok: false, error: TOTP_UNKNOWN_ALGORITHM_MESSAGE };
  const digitsText = params.get('digits')?.trim() || String(TOTP_DEFAULT_DIGITS);
  const digits = Number(digitsText);
  if (!WHOLE_NUMBER.test(digitsText) || digits < TOTP_MIN_DIGITS || digits > TOTP_MAX_DIGITS)
    return { ok: false, error: TOTP_DIGITS_MESSAGE };
  const periodText = params.get('period')?.trim() || String(TOTP_DEFAULT_PERIOD);
  const period = Number(periodText);
  if (!WHOLE_NUMBER.test(periodText) || period < 1 || !Number.isSafeInteger(period))
    return { ok: false, error: TOTP_PERIOD_MESSAGE };

  // The label is 'Issuer:account' or 'account'; the issuer parameter wins where both are given.
  const label = safeDecode(match[2] ?? '');
  const colon = label.indexOf(':');
  const prefix = colon >= 0 ? label.slice(0, colon).trim() : '';
  const account = (colon >= 0 ? label.slice(colon + 1) : label).trim();
  const issuer = params.get('issuer')?.trim() || prefix;
  return { ok: true, key: { ...keyFromSecret(secret), digits, period, algorithm, issuer, label: account } };
}

/**
 * Reads an authenticator key: an otpauth://totp URI (any case, defaults for missing parameters) or a
 * bare secret. A secret that is not base32 is kept verbatim with `usable: false` (other managers
 * export such values; the viewer says no codes can be made). Refused with a message: an empty input,
 * an HOTP URI, an unknown algorithm, digits outside 6–8, a period that is not a positive whole number.
 */
export function parseTotp(input: string): TotpParseResult {
  const text = input.trim();
  if (text === '') return { ok: false, error: TOTP_NO_SECRET_MESSAGE };
  const match = URI.exec(text);
  if (match) return parseUri(match);
  return {
    ok: true,
    key: {
      ...keyFromSecret(text),
      digits: TOTP_DEFAULT_DIGITS,
      period: TOTP_DEFAULT_PERIOD,
      algorithm: TOTP_DEFAULT_ALGORITHM,
      issuer: '',
      label: '',
    },
  };
}

/** The message of an input that cannot be kept as an authenticator key, or undefined when it can. */
export function totpInputError(input: string): string | undefined {
  const parsed = parseTotp(input);
  return parsed.ok ? undefined : parsed.error;
}

/** The time step (counter) a moment falls in. */
export function totpStep(key: Pick<TotpKey, 'period'>, atMs: number): number {
  return Math.floor(atMs / 1000 / key.period);
}

/** Whole seconds until the code valid at `atMs` changes: from `period` down to 1. */
export function totpSecondsRemaining(key: Pick<TotpKey, 'period'>, atMs: number): number {
  return key.period - (Math.floor(atMs / 1000) % key.period);
}

/** The code valid at `atMs`. Throws for a key kept verbatim (`usable: false`): check `usable` first. */
export function totpCode(key: TotpKey, atMs: number): string {
  if (!key.usable) throw new Error('This authenticator key is not base32; no code can be made from it.');
  return new TOTP({
    secret: Secret.fromBase32(key.secret),
    algorithm: key.algorithm,
    digits: key.digits,
    period: key.period,
  }).generate({ timestamp: atMs });
}
