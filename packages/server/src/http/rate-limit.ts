import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { configurePasswordHashing } from '../auth/password-hash.js';
import type { Config } from '../config.js';
import { AppError } from '../errors/app-error.js';
import {
  type AttemptStore,
  createDatabaseAttemptStore,
  createRedisAttemptStore,
  withFallback,
} from '../security/attempt-store.js';
import { settleAttempts } from '../security/rate-limits.js';
import { RetryLaterError } from '../security/retry-later.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-account attempt counters and sign-in proofs: Redis with REDIS_URL, else the database. */
    attemptStore: AttemptStore;
  }
}

/**
 * Registers every limit:
 * - per address: @fastify/rate-limit with no global limit; routes opt in with
 *   `config: { rateLimit: { max: 5, timeWindow: '1 minute' } }`. Counters in Redis when REDIS_URL
 *   is set (several servers share them), in memory otherwise.
 * - per account: `app.attemptStore` (security/attempt-store.ts), in Redis or the database, never
 *   in memory: lock state must survive junk traffic and be the same on every server. The onSend
 *   hook takes back the attempts a request counted before its check and did not fail.
 * - globally: the bound on concurrent Argon2id (auth/password-hash.ts), PASSWORD_HASH_CONCURRENCY.
 * Refusals that know when to come back (RetryLaterError) carry Retry-After.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'passwordHashConcurrency'>,
): Promise<void> {
  if (config.passwordHashConcurrency !== null) {
    configurePasswordHashing({ concurrency: config.passwordHashConcurrency });
  }
  // ioredis is loaded only when REDIS_URL asks for it: a single server keeps counters in memory.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5_000 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const databaseStore = createDatabaseAttemptStore(app.db, Date.now);
  app.decorate(
    'attemptStore',
    redis ? withFallback(createRedisAttemptStore(redis), databaseStore, app.log) : databaseStore,
  );
  app.addHook('onSend', async (request, _reply, payload) => {
    await settleAttempts(request);
    return payload;
  });
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'coffer-rate-limit:' } : {}),
    // The store failing must not lock everyone out of signing in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      AppError.rateLimited(`Too many attempts. Please try again in ${context.after}.`),
  });
}
