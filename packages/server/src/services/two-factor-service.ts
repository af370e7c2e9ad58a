import type { TwoFactorBackupCodes, TwoFactorSetup } from '@coffer/core';
import type { AuthContext } from '../auth/authenticate.js';
import { AppError } from '../http/app-error.js';
import { updateUser } from '../repositories/account-repository.js';
import { deleteRecoveryCodes, insertRecoveryCodes } from '../repositories/recovery-code-repository.js';
import { encryptAtRest } from '../server-secrets.js';
import type { AccountDeps } from './account-deps.js';
import { writeAudit } from './audit-log.js';
import { otpSecretContext, readOtpSecret } from './otp-verification.js';
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

type Audited = Pick<AuthContext, 'user' | 'organisation'>;

async function audit(
  deps: AccountDeps,
  auth: Audited,
  action: string,
  work: (trx: AccountDeps['db']) => Promise<void>,
) {
  await deps.db.transaction().execute(async (trx) => {
    await work(trx);
    await writeAudit(trx, {
      organisationId: auth.organisation.id,
      user: auth.user,
      action,
      objectType: 'User',
      objectId: auth.user.id,
    });
  });
}

/**
 * Starts (or restarts) setup: a fresh seed, stored sealed and pending until a code proves the
 * app has it. Refused while two-factor is on, which would silently replace the working seed.
 */
export async function startTwoFactorSetup(deps: AccountDeps, auth: Audited): Promise<TwoFactorSetup> {
  if (auth.user.otp_required_for_login) throw AppError.validation(TWO_FACTOR_ALREADY_ON);
  const key = generateTotpSecret();
  const sealed = encryptAtRest(deps.serverSecrets, key, otpSecretContext(auth.user.id));
  await audit(deps, auth, 'Started two-factor authentication setup', async (trx) => {
    await updateUser(trx, auth.user, { otp_secret_encrypted: sealed, otp_last_step: null });
  });
  // Loaded on demand: only two-factor setup draws a QR code.
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toString(buildTotpUri(key, auth.user.email), { type: 'svg', margin: 1 });
  return { key, qr };
}

/** Turns two-factor on when the code matches the pending seed; the code's step counts as used. */
export async function activateTwoFactor(deps: AccountDeps, auth: Audited, code: string): Promise<void> {
  if (auth.user.otp_required_for_login) throw AppError.validation(TWO_FACTOR_ALREADY_ON);
  const secret = readOtpSecret(deps.serverSecrets, auth.user);
  if (!secret) throw AppError.validation(TWO_FACTOR_NOT_STARTED);
  const step = matchTotpStep(secret, code.replace(/\s+/g, ''));
  if (step === null) throw AppError.validation(TWO_FACTOR_WRONG_CODE);
  await audit(deps, auth, 'Enabled two-factor authentication', async (trx) => {
    await updateUser(trx, auth.user, { otp_required_for_login: true, otp_last_step: step });
  });
}

/** Turns two-factor off: the seed and every recovery code are deleted. */
export async function disableTwoFactor(deps: AccountDeps, auth: Audited): Promise<void> {
  await audit(deps, auth, 'Disabled two-factor authentication', async (trx) => {
    await updateUser(trx, auth.user, {
      otp_required_for_login: false,
      otp_secret_encrypted: null,
      otp_last_step: null,
    });
    await deleteRecoveryCodes(trx, auth.user);
  });
}

/** Ten new single-use recovery codes; the previous ones stop working. Only while two-factor is on. */
export async function regenerateRecoveryCodes(
  deps: AccountDeps,
  auth: Audited,
): Promise<TwoFactorBackupCodes> {
  if (!auth.user.otp_required_for_login) throw AppError.validation(TWO_FACTOR_NOT_ON);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await audit(deps, auth, 'Generated new two-factor recovery codes', async (trx) => {
    await deleteRecoveryCodes(trx, auth.user);
    await insertRecoveryCodes(
      trx,
      auth.user,
      codes.map((code) => hashRecoveryCode(auth.user.id, code)),
    );
  });
  return { '2faCodes': codes };
}
