import { Secret, TOTP } from 'otpauth';

// The server's TOTP settings (docs/server.md): SHA-1, 6 digits, 30-second steps, ±1 step accepted.
const PERIOD_MS = 30_000;

/** The TOTP time step of a moment (the server's clock is this machine's). */
export function totpStepAt(now = Date.now()): number {
  return Math.floor(now / PERIOD_MS);
}

/**
 * The code of one time step for a base32 key, as an authenticator app would show it. The server
 * accepts each step once and allows one step either side, so a journey that needs a second code
 * uses the next step instead of waiting 30 seconds.
 */
export function totpCode(key: string, step: number): string {
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_MS / 1000,
    secret: Secret.fromBase32(key),
  });
  return totp.generate({ timestamp: step * PERIOD_MS });
}
