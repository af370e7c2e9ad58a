import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from './app-error.js';

/**
 * Registers @fastify/rate-limit with no global limit: routes opt in with
 * `config: { rateLimit: { max: 5, timeWindow: '1 minute' } }`. Counters live in Redis when
 * REDIS_URL is set (several servers share them), in memory otherwise.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl'>,
): Promise<void> {
  // ioredis is loaded only when REDIS_URL asks for it: a single server keeps counters in memory.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 5_000 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'coffer-rate-limit:' } : {}),
    // The store failing must not lock everyone out of signing in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      AppError.rateLimited(`Too many attempts. Please try again in ${context.after}.`),
  });
}
