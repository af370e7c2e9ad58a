import type { TwoFactorBackupCodes, TwoFactorSetup } from '@coffer/core';
import {
  hasFreshPassword,
  PASSWORD_CONFIRMATION_REQUIRED,
  requireFreshPassword,
  stepUpCutoff,
} from '../../auth/step-up.js';
import { AppError } from '../../errors/app-error.js';
import { sendTwoFactorDisabledNotice } from '../../mail/account-mails.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { deleteRecoveryCodes, insertRecoveryCodes } from '../../repositories/recovery-code-repository.js';
import {
  consumeOtpProof,
  markOtpVerified,
  revokeUserSessions,
} from '../../repositories/session-repository.js';
import { completeUser, updateUser } from '../../repositories/user-repository.js';
import type { AttemptCounter } from '../../security/rate-limits.js';
import { encryptAtRest } from '../../server-secrets.js';
import { auditOwnAccount } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { otpSecretContext, readOtpSecret, verifyTotpCode } from './otp-verification.js';
import {
  buildTotpUri,
  generateRecoveryCode,
  generateTotpSecret,
  hashRecoveryCode,
  matchTotpStep,
  RECOVERY_CODE_COUNT,
} from './totp.js';

/** Answer of a good code at PUT /api/v1/two-factor-active. */
export const TWO_FACTOR_ENABLED = 'Success: Correct OTP Code!';
/** Answer of a wrong code at PUT /api/v1/two-factor-active. */
export const TWO_FACTOR_WRONG_CODE = 'Incorrect OTP code, please try again.';
/** Answer of PUT /api/v1/two-factor-disable. */
export const TWO_FACTOR_DISABLED = 'Success: Two-factor authentication has been disabled.';
/** Setup or activation asked for while two-factor is already on. */
export const TWO_FACTOR_ALREADY_ON = 'Two-factor authentication is already enabled.';
/** Activation without a pending setup. */
export const TWO_FACTOR_NOT_STARTED = 'Please start two-factor setup again.';
/** Backup codes asked for while two-factor is off. */
export const TWO_FACTOR_NOT_ON = 'Two-factor authentication is not enabled.';

// Every two-factor change is the account holder's, with its audit entry in its transaction.
async function audit(
  ctx: ServiceContext,
  caller: CallerAccess,
  action: string,
  work: (trx: ServiceContext['db']) => Promise<void>,
) {
  await runChange(ctx.db, caller.organisation.id, async (trx) => {
    await work(trx);
    await auditOwnAccount(trx, caller.user, action);
  });
}

/**
 * Starts (or restarts) setup: a fresh seed, stored sealed and pending until a code proves the
 * app has it. Refused while two-factor is on, which would silently replace the working seed. Needs
 * a password proven within five minutes: a thief with the session token alone must not get a seed
 * of their own (issue 25, review M2).
 */
export async function startTwoFactorSetup(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<TwoFactorSetup> {
  if (caller.user.otp_required_for_login) throw AppError.validation(TWO_FACTOR_ALREADY_ON);
  requireFreshPassword(caller);
  const key = generateTotpSecret();
  const sealed = encryptAtRest(ctx.serverSecrets, key, otpSecretContext(caller.user.id));
  await audit(ctx, caller, 'Started two-factor authentication setup', async (trx) => {
    await updateUser(trx, caller.user, { otp_secret_encrypted: sealed, otp_last_step: null });
  });
  // Loaded on demand: only two-factor setup draws a QR code.
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toString(buildTotpUri(key, caller.user.email), { type: 'svg', margin: 1 });
  return { key, qr };
}

/**
 * Turns two-factor on when the code matches the pending seed; the code's step counts as used. Every
 * other session of the account ends (one opened before the factor existed must not outlive it), and
 * this one may fetch the recovery codes once, right away, as the setup flow does. Like the start, it
 * needs a password proven within five minutes, checked before the code so a refused call uses none.
 */
export async function activateTwoFactor(
  ctx: ServiceContext,
  caller: CallerAccess,
  code: string,
): Promise<void> {
  if (caller.user.otp_required_for_login) throw AppError.validation(TWO_FACTOR_ALREADY_ON);
  requireFreshPassword(caller);
  const secret = readOtpSecret(
    ctx.serverSecrets,
    await completeUser(ctx.db, caller.organisation.id, caller.user),
  );
  if (!secret) throw AppError.validation(TWO_FACTOR_NOT_STARTED);
  const step = matchTotpStep(secret, code.replace(/\s+/g, ''));
  if (step === null) throw AppError.validation(TWO_FACTOR_WRONG_CODE);
  await audit(ctx, caller, 'Enabled two-factor authentication', async (trx) => {
    const now = new Date().toISOString();
    await updateUser(trx, caller.user, { otp_required_for_login: true, otp_last_step: step });
    await revokeUserSessions(trx, caller.user, 'two_factor_enabled', {
      exceptSessionId: caller.session.id,
      at: now,
    });
    await markOtpVerified(trx, caller.session, now);
  });
}

/**
 * Turns two-factor off: the seed and every recovery code are deleted, and the account's address is
 * told. The session alone is not enough: it must have proven the password within five minutes
 * (verify_password), or send a current code of the app (`code`). A wrong code counts as a failed
 * check; the limiter stops guessing.
 */
export async function disableTwoFactor(
  ctx: ServiceContext,
  caller: CallerAccess,
  code: string | undefined,
  attempts: AttemptCounter,
): Promise<void> {
  const byPassword = hasFreshPassword(caller.session);
  const byCode = !byPassword && code !== undefined && code.trim() !== '';
  if (!byPassword && !byCode) throw AppError.forbidden(PASSWORD_CONFIRMATION_REQUIRED);
  if (byCode) await attempts.assertAllowed();
  const proven = await runChange(ctx.db, caller.organisation.id, async (trx) => {
    const user = await completeUser(trx, caller.organisation.id, caller.user);
    if (byCode && !(await verifyTotpCode(trx, ctx.serverSecrets, user, code))) return false;
    await updateUser(trx, caller.user, {
      otp_required_for_login: false,
      otp_secret_encrypted: null,
      otp_last_step: null,
    });
    await deleteRecoveryCodes(trx, caller.user);
    await auditOwnAccount(trx, caller.user, 'Disabled two-factor authentication');
    return true;
  });
  if (!proven) {
    await attempts.recordFailure();
    throw AppError.validation(TWO_FACTOR_WRONG_CODE);
  }
  await sendTwoFactorDisabledNotice(ctx, caller.user);
}

/**
 * Ten new single-use recovery codes; the previous ones stop working. Only while two-factor is on,
 * and only for a session that has just proven the password, or, once, right after its code turned
 * two-factor on (the setup flow's SUCCESS step).
 */
export async function regenerateRecoveryCodes(
  ctx: ServiceContext,
  caller: CallerAccess,
): Promise<TwoFactorBackupCodes> {
  if (!caller.user.otp_required_for_login) throw AppError.validation(TWO_FACTOR_NOT_ON);
  const fresh = hasFreshPassword(caller.session);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await audit(ctx, caller, 'Generated new two-factor recovery codes', async (trx) => {
    if (!fresh && !(await consumeOtpProof(trx, caller.session, stepUpCutoff()))) requireFreshPassword(caller);
    await deleteRecoveryCodes(trx, caller.user);
    await insertRecoveryCodes(
      trx,
      caller.user,
      codes.map((code) => hashRecoveryCode(caller.user.id, code)),
    );
  });
  return { '2faCodes': codes };
}
