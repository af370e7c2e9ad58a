import { createHash } from 'node:crypto';
import { normaliseEmail } from '@coffer/core';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';
import type { RateLimit, RateLimitedAction } from './rate-limit-settings.js';

/** The 429 message of every account-related limit. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Route config for the per-address limit of an action (counts every request, before the body is
 * read): `config: { rateLimit: ipRateLimit(app.config.rateLimits.signIn.perIp) }`. It runs on the
 * foundation's @fastify/rate-limit, so counters live in Redis when REDIS_URL is set.
 */
export function ipRateLimit(limit: RateLimit): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: () => AppError.rateLimited(TOO_MANY_ATTEMPTS),
  };
}

/** Counts attempts per account (an e-mail or a user id) for one action. */
export interface AccountLimiter {
  /** 429 when the account has used up its attempts; counts nothing. */
  assertAllowed(request: FastifyRequest, account: string): Promise<void>;
  /** Counts one failed attempt (wrong password, wrong code). */
  recordFailure(request: FastifyRequest, account: string): Promise<void>;
  /** Counts an attempt and answers 429 once over the limit (registration, resend). */
  consume(request: FastifyRequest, account: string): Promise<void>;
}

/**
 * A per-account limiter on the foundation's rate-limit store (memory, or Redis with REDIS_URL).
 * Accounts are keyed by a SHA-256, so no e-mail address sits in Redis.
 */
export function createAccountLimiter(
  app: FastifyInstance,
  action: RateLimitedAction,
  limit: RateLimit,
): AccountLimiter {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => keys.get(request) ?? `${action}:unknown`,
  });
  const run = async (request: FastifyRequest, account: string, increment: boolean) => {
    keys.set(request, `${action}:account:${hashAccount(account)}`);
    const result = await check(request, { increment });
    if (result.isAllowed) return false;
    return increment ? result.isExceeded : result.remaining <= 0;
  };
  return {
    assertAllowed: async (request, account) => {
      if (await run(request, account, false)) throw AppError.rateLimited(TOO_MANY_ATTEMPTS);
    },
    recordFailure: async (request, account) => {
      await run(request, account, true);
    },
    consume: async (request, account) => {
      if (await run(request, account, true)) throw AppError.rateLimited(TOO_MANY_ATTEMPTS);
    },
  };
}

function hashAccount(account: string): string {
  return createHash('sha256').update(normaliseEmail(account), 'utf8').digest('hex');
}

/** An account limiter bound to one request and account, as services take it. */
export interface AttemptCounter {
  assertAllowed(): Promise<void>;
  recordFailure(): Promise<void>;
}

/** Binds a limiter to the request and account under check. */
export function bindAttempts(
  limiter: AccountLimiter,
  request: FastifyRequest,
  account: string,
): AttemptCounter {
  return {
    assertAllowed: () => limiter.assertAllowed(request, account),
    recordFailure: () => limiter.recordFailure(request, account),
  };
}
