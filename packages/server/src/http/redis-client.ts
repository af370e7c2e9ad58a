import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The one Redis client of the app when REDIS_URL is set (per-address limits and the attempt store
 * share it), quit when the app closes; null otherwise. ioredis is loaded only when asked for: a
 * single server keeps its counters in memory and the database.
 */
export async function connectRedis(app: FastifyInstance, redisUrl: string | null): Promise<Redis | null> {
  if (!redisUrl) return null;
  const redis = new (await import('ioredis')).Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  app.addHook('onClose', async () => void (await redis.quit()));
  return redis;
}
