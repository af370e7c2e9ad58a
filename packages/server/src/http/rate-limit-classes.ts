import type { RateLimitOptions, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors/app-error.js';
import { TOO_MANY_ATTEMPTS } from '../errors/rate-limit-messages.js';
import type { RateLimit, RateLimitedAction } from '../security/rate-limit-settings.js';
import { type AccountLimiter, createAccountLimiter } from '../security/rate-limits.js';

/**
 * The named limits. A route names its class in its config, `config: { rateLimitClass: 'signIn' }`;
 * a route of the signed-in tree that names none takes `member` (routes/index.ts).
 * - The account actions (`prelogin`, `signIn`, `twoFactorCheck`, `passwordCheck`, `registration`,
 *   `confirmationResend`, `emailChange`, `userConfirmationResend`): per client address, every request counted before the body is read, and
 *   per account through `app.accountLimiters[action]`, which the handler calls with the e-mail or
 *   user id. Numbers: Config.rateLimits (RATE_LIMIT_<ACTION>_PER_IP / _PER_ACCOUNT).
 * - `invitationResend` is such an action too, counted per invitation once the caller may resend it.
 * - `member`: per signed-in user on each route (Config.memberRateLimit, RATE_LIMIT_MEMBER_PER_USER).
 */
export type RateLimitClass = RateLimitedAction | 'member';

/** The per-account limiter of each account action, made once so that its routes share counters. */
export type AccountLimiters = Record<RateLimitedAction, AccountLimiter>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's named limit (http/rate-limit-classes.ts). */
    rateLimitClass?: RateLimitClass;
  }
  interface FastifyInstance {
    /** Per-account limiters of the account actions, over `attemptStore`. */
    accountLimiters: AccountLimiters;
  }
}

const ACCOUNT_ACTIONS: readonly RateLimitedAction[] = [
  'prelogin',
  'signIn',
  'twoFactorCheck',
  'passwordCheck',
  'registration',
  'invitationResend',
  'confirmationResend',
  'emailChange',
  'userConfirmationResend',
];

// Every route under an instance that carries this takes its class unless it names one.
const TREE_DEFAULT = Symbol('coffer.defaultRateLimitClass');
type WithTreeDefault = { [TREE_DEFAULT]?: RateLimitClass };

/** Every route registered below `app` that names no class takes `name`. */
export function useDefaultRateLimitClass(app: FastifyInstance, name: RateLimitClass): void {
  app.decorate(TREE_DEFAULT, name);
}

/**
 * Decorates `accountLimiters` and turns each route's class into the per-address plugin's route
 * config. Call before registering @fastify/rate-limit: its onRoute hook reads what this one sets.
 * A route that sets `config.rateLimit` itself keeps it.
 */
export function registerRateLimitClasses(app: FastifyInstance): void {
  const perRoute = buildRouteLimits(app.config);
  app.decorate(
    'accountLimiters',
    Object.fromEntries(
      ACCOUNT_ACTIONS.map((action) => [
        action,
        createAccountLimiter(app, action, app.config.rateLimits[action].perAccount),
      ]),
    ) as AccountLimiters,
  );
  app.addHook('onRoute', function (this: FastifyInstance & WithTreeDefault, route: RouteOptions) {
    const name = route.config?.rateLimitClass ?? this[TREE_DEFAULT];
    if (name === undefined || route.config?.rateLimit !== undefined) return;
    route.config = { ...route.config, rateLimit: perRoute[name] };
  });
}

/** The @fastify/rate-limit route config of each class. */
export function buildRouteLimits(
  config: Pick<Config, 'rateLimits' | 'memberRateLimit'>,
): Record<RateLimitClass, RateLimitOptions> {
  const actions = Object.fromEntries(
    ACCOUNT_ACTIONS.map((action) => [action, perAddress(config.rateLimits[action].perIp)]),
  ) as Record<RateLimitedAction, RateLimitOptions>;
  return { ...actions, member: perMember(config.memberRateLimit) };
}

// Counters in Redis when the app has a client, so a limit holds across servers.
function perAddress(limit: RateLimit): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: () => AppError.rateLimited(TOO_MANY_ATTEMPTS),
  };
}

// Runs after the signed-in tree's authentication (a route's own onRequest hooks run after the
// tree's), so the key is the user, and a request without a session never counts. The limit is far
// above normal use, so answers below it carry no X-RateLimit headers: they would only add bytes.
function perMember(
  limit: RateLimit,
): RateLimitOptions & Pick<RateLimitPluginOptions, 'addHeadersOnExceeding'> {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => request.caller.user.id,
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  };
}
