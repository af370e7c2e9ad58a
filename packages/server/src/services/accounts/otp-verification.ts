import { isTotpCode, normaliseOtp } from '@coffer/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { consumeRecoveryCode } from '../../repositories/recovery-code-repository.js';
import type { User } from '../../repositories/user-repository.js';
import { claimOtpStep } from '../../repositories/user-repository.js';
import { decryptAtRest, type ServerSecrets } from '../../server-secrets.js';
import { hashRecoveryCode, matchTotpStep } from './totp.js';

/** The at-rest context of a user's TOTP seed, so a sealed seed cannot be moved to another user. */
export function otpSecretContext(userId: string): string {
  return `otp-secret:${userId}`;
}

/** The user's TOTP seed (base32), or null when none is stored. */
export function readOtpSecret(
  secrets: ServerSecrets,
  user: Pick<User, 'id' | 'otp_secret_encrypted'>,
): string | null {
  if (!user.otp_secret_encrypted) return null;
  return decryptAtRest(secrets, user.otp_secret_encrypted, otpSecretContext(user.id));
}

/**
 * Checks a current TOTP code of the user's app (each time step accepted once: the step is claimed
 * here). Recovery codes do not count. Call it in the transaction of what the code authorises.
 */
export async function verifyTotpCode(
  db: Kysely<Database>,
  secrets: ServerSecrets,
  user: User,
  attempt: unknown,
): Promise<boolean> {
  if (typeof attempt !== 'string') return false;
  const code = normaliseOtp(attempt);
  if (!isTotpCode(code)) return false;
  const secret = readOtpSecret(secrets, user);
  const step = secret ? matchTotpStep(secret, code) : null;
  if (step === null) return false;
  return claimOtpStep(db, user, step);
}

/**
 * Checks the otp_attempt of a sign-in: a current TOTP code (each time step accepted once) or an
 * unused recovery code (used up here). Answers how it passed, or null. Call it in the sign-in's
 * transaction so the use is recorded with the session.
 */
export async function verifyOtpAttempt(
  db: Kysely<Database>,
  secrets: ServerSecrets,
  user: User,
  attempt: unknown,
): Promise<'totp' | 'recovery' | null> {
  if (typeof attempt !== 'string') return null;
  const code = normaliseOtp(attempt);
  if (code === '') return null;
  if (isTotpCode(code)) return (await verifyTotpCode(db, secrets, user, code)) ? 'totp' : null;
  const used = await consumeRecoveryCode(db, user, hashRecoveryCode(user.id, code), new Date().toISOString());
  return used ? 'recovery' : null;
}
