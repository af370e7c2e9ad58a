import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.js';
import { tryAgainIn } from '../errors/rate-limit-messages.js';
import { settleAttempts } from '../security/rate-limits.js';
import { RetryLaterError } from '../security/retry-later.js';
import { registerRateLimitClasses } from './rate-limit-classes.js';

/**
 * Registers rate limiting:
 * - the named classes (http/rate-limit-classes.ts): a route says `config: { rateLimitClass:
 *   'signIn' }`; the signed-in tree's routes that name none take `member`.
 * - per address or per user: @fastify/rate-limit with no global limit, fed by the classes. Counters
 *   in Redis when the app has a client (several servers share them), in memory otherwise.
 * - per account: `app.accountLimiters`, counting in `app.attemptStore`; the onSend hook takes back
 *   the attempts a request counted before its check and did not fail.
 * Refusals that know when to come back (RetryLaterError) carry Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | null): Promise<void> {
  app.addHook('onSend', async (request, _reply, payload) => {
    await settleAttempts(request);
    return payload;
  });
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  registerRateLimitClasses(app);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'coffer-rate-limit:' } : {}),
    // The store failing must not lock everyone out of signing in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => AppError.rateLimited(tryAgainIn(context.after)),
  });
}
