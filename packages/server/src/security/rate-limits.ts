import { hash } from 'node:crypto';
import { normaliseEmail } from '@coffer/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOO_MANY_ATTEMPTS } from '../errors/rate-limit-messages.js';
import type { AttemptStore } from './attempt-store.js';
import type { RateLimit, RateLimitedAction } from './rate-limit-settings.js';
import { RetryLaterError } from './retry-later.js';

/** Counts attempts per account (an e-mail or a user id) for one action. */
export interface AccountLimiter {
  /**
   * Counts one attempt before the check runs, in the same atomic step as the comparison with the
   * limit: 429 (with Retry-After) once the account is over it, so a burst of requests can never
   * get more checks than the limit allows. Unless the request then records a failure, the attempt
   * is taken back when its answer is sent (only failures count).
   */
  assertAllowed(request: FastifyRequest, account: string): Promise<void>;
  /** The request's attempt failed (wrong password, wrong code): it stays counted. */
  recordFailure(request: FastifyRequest, account: string): Promise<void>;
  /** Counts an attempt and answers 429 once over the limit (prelogin, registration, resend). */
  consume(request: FastifyRequest, account: string): Promise<void>;
}

interface PendingAttempt {
  store: AttemptStore;
  key: string;
  failed: boolean;
}

const pendingAttempts = new WeakMap<FastifyRequest, PendingAttempt[]>();

/**
 * A per-account limiter on the app's attempt store (`app.attemptStore`: the database, or Redis with
 * REDIS_URL; security/attempt-store.ts), shared by every server and never evicted by other keys.
 * Accounts are keyed by a SHA-256 of the action and the normalised e-mail or user id, so no
 * address is stored.
 */
export function createAccountLimiter(
  app: FastifyInstance,
  action: RateLimitedAction,
  limit: RateLimit,
): AccountLimiter {
  const keyOf = (account: string) => attemptKey(action, account);
  const count = async (key: string) => {
    const { count: attempts, resetAt } = await app.attemptStore.increment(key, limit.windowMs);
    if (attempts > limit.max) throw new RetryLaterError(TOO_MANY_ATTEMPTS, secondsUntil(resetAt));
  };
  return {
    assertAllowed: async (request, account) => {
      const key = keyOf(account);
      await count(key);
      const pending = pendingAttempts.get(request) ?? [];
      pending.push({ store: app.attemptStore, key, failed: false });
      pendingAttempts.set(request, pending);
    },
    recordFailure: async (request, account) => {
      const key = keyOf(account);
      const pending = pendingAttempts.get(request)?.find((entry) => entry.key === key && !entry.failed);
      if (pending) pending.failed = true;
      else await app.attemptStore.increment(key, limit.windowMs);
    },
    consume: (_request, account) => count(keyOf(account)),
  };
}

/**
 * Takes back the request's attempts that did not fail. Runs when the answer is sent (the onSend
 * hook of registerRateLimit), after the handler has finished: a client that hangs up early cannot
 * have a wrong guess taken back.
 */
export async function settleAttempts(request: FastifyRequest): Promise<void> {
  const pending = pendingAttempts.get(request);
  if (!pending) return;
  pendingAttempts.delete(request);
  for (const entry of pending) {
    if (!entry.failed) await entry.store.decrement(entry.key);
  }
}

/** The store key of an account's attempts at one action. */
export function attemptKey(action: RateLimitedAction, account: string): string {
  return `${action}:${hash('sha256', normaliseEmail(account), 'hex')}`;
}

function secondsUntil(resetAt: number): number {
  return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
}

/** An account limiter bound to one request and account, as services take it. */
export interface AttemptCounter {
  /** Counts this attempt before the check; 429 when the account is over its limit. */
  assertAllowed(): Promise<void>;
  /** The attempt failed: it stays counted. */
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
