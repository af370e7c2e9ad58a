import {
  type Profile,
  type TwoFactorCheckResponse,
  UNCONFIRMED_ACCOUNT_MESSAGE,
  validateLogin,
} from '@coffer/core';
import { ACCOUNT_LOCKED } from '../../auth/auth-messages.js';
import { createSession } from '../../auth/session-service.js';
import { AppError } from '../../errors/app-error.js';
import type { CallerAccess } from '../../policy/caller-access.js';
import { findOrganisationById } from '../../repositories/organisation-repository.js';
import { revokeSession } from '../../repositories/session-repository.js';
import { findUserByEmail } from '../../repositories/user-repository.js';
import { decoyIterations } from '../../security/prelogin-decoy.js';
import type { AttemptCounter } from '../../security/rate-limits.js';
import type { SignInProofs } from '../../security/sign-in-proofs.js';
import { auditOwnAccount } from '../caller-audit.js';
import { runChange } from '../organisation-change.js';
import type { ServiceContext } from '../service-context.js';
import { checkCredentials } from './credential-check.js';
import { verifyOtpAttempt } from './otp-verification.js';
import { loadProfile } from './profile-service.js';

/** Wrong e-mail, password or one-time code: the spec's server error, the same for every case. */
export const INVALID_CREDENTIALS = 'Invalid Email or password.';
/** Signing in before confirming the e-mail address (core: the login screen offers a resend on it). */
export const UNCONFIRMED_ACCOUNT = UNCONFIRMED_ACCOUNT_MESSAGE;

/** What a sign-in gives: the bearer token (for the Authorization header) and the profile. */
export interface SignInResult {
  token: string;
  profile: Profile;
}

/**
 * POST /api/v1/prelogin: the account's iterations. An unknown e-mail gets a figure drawn, fixed per
 * e-mail, from those real accounts use (security/prelogin-decoy.ts), so the answer does not tell
 * whether the account exists. Both are worked out on every call, so the time taken does not either.
 */
export async function prelogin(ctx: ServiceContext, email: unknown): Promise<{ kdf_iterations: number }> {
  const address = typeof email === 'string' ? email : '';
  const [user, decoy] = await Promise.all([
    address.trim() !== '' ? findUserByEmail(ctx.db, address) : null,
    decoyIterations(ctx.db, ctx.serverSecrets, address),
  ]);
  return { kdf_iterations: user?.kdf_iterations ?? decoy };
}

/**
 * POST /api/v1/two-factor-check: whether the credentials are right, and if so whether a code is
 * needed. Wrong credentials and unknown e-mails answer alike. A locked account is refused once
 * the credentials are right. A right password leaves a sign-in proof (security/sign-in-proofs.ts),
 * so the sign-in that follows does not run Argon2id again.
 */
export async function checkTwoFactor(
  ctx: ServiceContext,
  input: { email?: unknown; password?: unknown },
  attempts: AttemptCounter,
  proofs?: SignInProofs,
): Promise<TwoFactorCheckResponse> {
  const { user, valid } = await checkCredentials(
    ctx.db,
    input.email,
    input.password,
    attempts,
    proofs && { proofs, use: 'leave' },
  );
  if (!user || !valid) {
    await attempts.recordFailure();
    return { '2faRequired': false, valid: false };
  }
  if (user.locked) throw AppError.locked(ACCOUNT_LOCKED);
  return { '2faRequired': user.otp_required_for_login, valid: true };
}

/**
 * POST /users/sign_in: password, then (when two-factor is on) the one-time code, then a new session.
 * Every attempt is counted against the account before the password is checked, and taken back
 * unless it fails. Locked and unconfirmed accounts are told so, but only once the password is
 * right, so the answer reveals nothing to someone guessing. A proof left by the two-factor check
 * for the same auth hash stands in for Argon2id, and is used up by the session it opens.
 */
export async function signIn(
  ctx: ServiceContext,
  input: { email?: string; password?: string; otp_attempt?: string },
  attempts: AttemptCounter,
  proofs?: SignInProofs,
): Promise<SignInResult> {
  const problem = validateLogin({ email: input.email, password: input.password }).errors[0];
  if (problem) throw AppError.validation(problem);
  const { user, valid, byProof } = await checkCredentials(
    ctx.db,
    input.email,
    input.password,
    attempts,
    proofs && { proofs, use: 'accept' },
  );
  if (!user || !valid) {
    await attempts.recordFailure();
    throw AppError.unauthorized(INVALID_CREDENTIALS);
  }
  if (user.locked) throw AppError.locked(ACCOUNT_LOCKED);
  if (!user.confirmed_at) throw AppError.unauthorized(UNCONFIRMED_ACCOUNT);
  const organisation = await findOrganisationById(ctx.db, user.organisation_id);
  if (!organisation) throw AppError.unauthorized(INVALID_CREDENTIALS);

  const token = await runChange(ctx.db, organisation.id, async (trx) => {
    let action = 'Signed in';
    if (user.otp_required_for_login) {
      const passed = await verifyOtpAttempt(trx, ctx.serverSecrets, user, input.otp_attempt);
      if (!passed) return null;
      if (passed === 'recovery') action = 'Signed in with a recovery code';
    }
    const session = await createSession(trx, user);
    await auditOwnAccount(trx, user, action);
    return session.token;
  });
  if (!token) {
    await attempts.recordFailure();
    throw AppError.unauthorized(INVALID_CREDENTIALS);
  }
  if (byProof) await proofs?.forget(user, input.password ?? '');
  const profile = await loadProfile(ctx.db, { user, organisation });
  return { token, profile };
}

/** DELETE /users/sign_out: ends the caller's session. */
export async function signOut(ctx: ServiceContext, caller: CallerAccess): Promise<void> {
  await runChange(ctx.db, caller.organisation.id, async (trx) => {
    await revokeSession(trx, caller.session, 'logout');
    await auditOwnAccount(trx, caller.user, 'Signed out');
  });
}
