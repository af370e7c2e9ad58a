import type { FastifyInstance } from 'fastify';
import { type AccountLimiter, createAccountLimiter } from '../../security/rate-limits.js';

/** The per-account limiters, made once so that routes checking the same thing share counters. */
export interface AccountLimiters {
  /** Every prelogin counts, per e-mail whether or not it has an account. */
  prelogin: AccountLimiter;
  signIn: AccountLimiter;
  twoFactorCheck: AccountLimiter;
  /** verify_password and the current-password check of PATCH /users. */
  passwordCheck: AccountLimiter;
  registration: AccountLimiter;
  confirmationResend: AccountLimiter;
}

/** Builds every per-account limiter from app.config.rateLimits. */
export function createAccountLimiters(app: FastifyInstance): AccountLimiters {
  const limits = app.config.rateLimits;
  return {
    prelogin: createAccountLimiter(app, 'prelogin', limits.prelogin.perAccount),
    signIn: createAccountLimiter(app, 'signIn', limits.signIn.perAccount),
    twoFactorCheck: createAccountLimiter(app, 'twoFactorCheck', limits.twoFactorCheck.perAccount),
    passwordCheck: createAccountLimiter(app, 'passwordCheck', limits.passwordCheck.perAccount),
    registration: createAccountLimiter(app, 'registration', limits.registration.perAccount),
    confirmationResend: createAccountLimiter(app, 'confirmationResend', limits.confirmationResend.perAccount),
  };
}

/** Options every account route plugin receives. */
export interface AccountRouteOptions {
  limiters: AccountLimiters;
}
