/** The calls whose attempts are counted (architecture.md: sign-in, two-factor, registration, password checks). */
export type RateLimitedAction =
  | 'prelogin'
  | 'signIn'
  | 'twoFactorCheck'
  | 'passwordCheck'
  | 'registration'
  | 'invitationResend'
  | 'confirmationResend'
  | 'emailChange'
  | 'userConfirmationResend';

/** At most `max` attempts per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Limits of one action: per account (the e-mail or the signed-in user) and per client address.
 * For credential checks the account counter counts failures only, so a person who signs in often
 * is never stopped; the address counter counts every request.
 */
export interface ActionRateLimits {
  perAccount: RateLimit;
  perIp: RateLimit;
}

/** Every action's limits (Config.rateLimits). */
export type RateLimitSettings = Record<RateLimitedAction, ActionRateLimits>;

const MINUTE = 60_000;

/** Defaults sized for real people: a few mistakes are fine, a guessing script is not. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  // Every request counts, per e-mail and per address: a sign-in makes one, so these sit above
  // sign-in's own limits, while a script walking a list of addresses is stopped.
  prelogin: { perAccount: { max: 30, windowMs: 15 * MINUTE }, perIp: { max: 100, windowMs: 15 * MINUTE } },
  signIn: { perAccount: { max: 10, windowMs: 15 * MINUTE }, perIp: { max: 100, windowMs: 15 * MINUTE } },
  twoFactorCheck: {
    perAccount: { max: 10, windowMs: 15 * MINUTE },
    perIp: { max: 100, windowMs: 15 * MINUTE },
  },
  passwordCheck: {
    perAccount: { max: 10, windowMs: 15 * MINUTE },
    perIp: { max: 100, windowMs: 15 * MINUTE },
  },
  registration: { perAccount: { max: 5, windowMs: 60 * MINUTE }, perIp: { max: 20, windowMs: 60 * MINUTE } },
  // An administrator's resend of an invitation: per invitation, so the invitee's mailbox is not
  // flooded, and per client address (enough to resend every seat of a Team Plan after a mail outage).
  invitationResend: {
    perAccount: { max: 3, windowMs: 15 * MINUTE },
    perIp: { max: 60, windowMs: 15 * MINUTE },
  },
  confirmationResend: {
    perAccount: { max: 3, windowMs: 15 * MINUTE },
    perIp: { max: 20, windowMs: 15 * MINUTE },
  },
  // Per signed-in user, every request that asks for a change (each mails two addresses); per
  // address, the public confirmation of the link.
  emailChange: { perAccount: { max: 5, windowMs: 60 * MINUTE }, perIp: { max: 20, windowMs: 15 * MINUTE } },
  // An administrator's resend of a Pending user's confirmation mail: per user mailed, so nobody's
  // mailbox is flooded, and per client address.
  userConfirmationResend: {
    perAccount: { max: 3, windowMs: 15 * MINUTE },
    perIp: { max: 30, windowMs: 15 * MINUTE },
  },
};

/**
 * The default class of the signed-in tree (http/rate-limit-classes.ts, `member`): requests per
 * signed-in user on each route. A screen makes a handful of requests, so this stays far above what a
 * person's browser sends, while it bounds what one leaked token or runaway script makes a server do.
 */
export const DEFAULT_MEMBER_RATE_LIMIT: RateLimit = { max: 3000, windowMs: MINUTE };

/** The environment variable of the default class, "3000/1m" by default. */
export const MEMBER_RATE_LIMIT_VARIABLE = 'RATE_LIMIT_MEMBER_PER_USER';

/** The environment variable stem of each action: RATE_LIMIT_<STEM>_PER_ACCOUNT and _PER_IP. */
export const RATE_LIMIT_VARIABLE_STEMS: Record<RateLimitedAction, string> = {
  prelogin: 'PRELOGIN',
  signIn: 'SIGN_IN',
  twoFactorCheck: 'TWO_FACTOR_CHECK',
  passwordCheck: 'PASSWORD_CHECK',
  registration: 'REGISTRATION',
  invitationResend: 'INVITATION_RESEND',
  confirmationResend: 'CONFIRMATION_RESEND',
  emailChange: 'EMAIL_CHANGE',
  userConfirmationResend: 'USER_CONFIRMATION_RESEND',
};

const UNIT_MS: Record<string, number> = { s: 1000, m: MINUTE, h: 60 * MINUTE };

/** Parses "10/15m" (10 attempts per 15 minutes; units s, m, h); null when malformed. */
export function parseRateLimit(text: string): RateLimit | null {
  const match = /^(\d{1,6})\/(\d{1,4})([smh])$/.exec(text.trim());
  if (!match) return null;
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * (UNIT_MS[match[3] ?? ''] ?? 0);
  if (max < 1 || windowMs < 1000) return null;
  return { max, windowMs };
}
