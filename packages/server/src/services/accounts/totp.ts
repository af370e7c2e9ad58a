import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Coffer';
const PERIOD_SECONDS = 30;
// One step either side, for clocks that drift a little.
const WINDOW = 1;

function buildTotp(secretBase32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random TOTP seed (160 bits), base32 as authenticator apps expect. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI of a seed, for the QR code: issuer Coffer, the user's e-mail as label. */
export function buildTotpUri(secretBase32: string, email: string): string {
  return buildTotp(secretBase32, email).toString();
}

/**
 * The time step a code belongs to when it is valid at `now` (±1 step), else null. Callers store
 * the step so that a code is accepted once (users.otp_last_step).
 */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = buildTotp(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

/** The current code of a seed (tests, and nothing else). */
export function generateTotpCode(secretBase32: string, now = Date.now()): string {
  return buildTotp(secretBase32).generate({ timestamp: now });
}

// No 0/o, 1/l/i: codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_GROUPS = 3;
const RECOVERY_GROUP_LENGTH = 4;

/** Number of recovery codes each generation makes. */
export const RECOVERY_CODE_COUNT = 10;

/** A new recovery code, e.g. "k7pq-x2mw-9tza" (about 59 bits, well beyond guessing under rate limits). */
export function generateRecoveryCode(): string {
  const groups = Array.from({ length: RECOVERY_GROUPS }, () =>
    Array.from(
      { length: RECOVERY_GROUP_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join(''),
  );
  return groups.join('-');
}

/** What is stored of a recovery code: SHA-256 of the user id and the code as typed, without spaces, dashes or case. */
export function hashRecoveryCode(userId: string, code: string): string {
  const normalised = code.replace(/[\s-]+/g, '').toLowerCase();
  return createHash('sha256').update(`${userId}:${normalised}`, 'utf8').digest('hex');
}
