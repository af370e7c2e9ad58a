import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createAttemptRepository } from '../repositories/attempt-repository.js';

/**
 * Counts of attempts per key (an account of one action, a sign-in proof), each in a fixed window.
 * They live in the database, or in Redis when REDIS_URL is set: somewhere every server sees, and
 * never in a cache of bounded size that strangers could fill to push a locked account's count out.
 * A key is dropped only when its window ends.
 */
export interface AttemptStore {
  readonly kind: 'database' | 'redis';
  /**
   * Adds one to the key's count and answers the count with the end of its window, in one atomic
   * step: a new window of `windowMs` starts when the last one has ended. Two servers adding at the
   * same moment get different counts.
   */
  increment(key: string, windowMs: number): Promise<AttemptCount>;
  /** Takes one back (an attempt that turned out not to be a failure); never below zero. */
  decrement(key: string): Promise<void>;
  /** The count of the key's current window (0 when there is none). */
  peek(key: string): Promise<AttemptCount>;
  /** Forgets the key. */
  remove(key: string): Promise<void>;
}

/** A key's count and when its window ends (epoch milliseconds; 0 when there is no window). */
export interface AttemptCount {
  count: number;
  resetAt: number;
}

/** How often the database store deletes the rows of ended windows (one statement, by index). */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The store in the database (repositories/attempt-repository.ts): one row per key, counted in one
 * atomic step on both engines. Rows of ended windows are deleted at most once a minute, by
 * whichever server notices first.
 */
export function createDatabaseAttemptStore(
  database: Kysely<Database>,
  clock: () => number = Date.now,
): AttemptStore {
  const counters = createAttemptRepository(database);
  let lastSweep = clock();
  const sweep = async (now: number) => {
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    await counters.deleteEnded(now);
  };
  return {
    kind: 'database',
    increment: async (key, windowMs) => {
      const now = clock();
      const resetAt = now + windowMs;
      const row = await counters.increment(key, now, resetAt);
      await sweep(now);
      return { count: Number(row?.count ?? 1), resetAt: Number(row?.reset_at ?? resetAt) };
    },
    decrement: async (key) => {
      await counters.decrement(key, clock());
    },
    peek: async (key) => {
      const row = await counters.peek(key, clock());
      return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : { count: 0, resetAt: 0 };
    },
    remove: async (key) => {
      await counters.remove(key);
    },
  };
}

// INCR and the window's expiry in one script, so a key never exists without its expiry.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const DECREMENT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0
`;

const PEEK_SCRIPT = `
return {tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1])}
`;

/** Prefix of the store's keys in Redis (the rate-limit plugin uses `coffer-rate-limit:`). */
export const REDIS_PREFIX = 'coffer-attempts:';

/**
 * The store in Redis, shared by every server pointing at it. Each key expires with its window, so
 * Redis holds only live windows; give it `maxmemory-policy noeviction` (or volatile-ttl with room
 * to spare) so that memory pressure never drops a count (docs/operations.md).
 */
export function createRedisAttemptStore(redis: Redis, clock: () => number = Date.now): AttemptStore {
  const name = (key: string) => `${REDIS_PREFIX}${key}`;
  return {
    kind: 'redis',
    increment: async (key, windowMs) => {
      const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, name(key), String(windowMs))) as [
        number,
        number,
      ];
      return { count: Number(count), resetAt: clock() + Number(ttl) };
    },
    decrement: async (key) => {
      await redis.eval(DECREMENT_SCRIPT, 1, name(key));
    },
    peek: async (key) => {
      const [count, ttl] = (await redis.eval(PEEK_SCRIPT, 1, name(key))) as [number, number];
      return Number(ttl) > 0
        ? { count: Number(count), resetAt: clock() + Number(ttl) }
        : { count: 0, resetAt: 0 };
    },
    remove: async (key) => {
      await redis.del(name(key));
    },
  };
}

const FALLBACK_WARNING_INTERVAL_MS = 60_000;

/**
 * Redis first; while Redis does not answer, the database. Sign-in keeps working through a Redis
 * outage and its limits still hold (each store enforces them, so at worst an account gets its
 * attempts once in each during the outage). A warning is logged at most once a minute.
 */
export function withFallback(
  primary: AttemptStore,
  fallback: AttemptStore,
  log: FastifyBaseLogger,
): AttemptStore {
  let lastWarning = 0;
  const attempt = async <T>(run: (store: AttemptStore) => Promise<T>): Promise<T> => {
    try {
      return await run(primary);
    } catch (error) {
      const now = Date.now();
      if (now - lastWarning > FALLBACK_WARNING_INTERVAL_MS) {
        lastWarning = now;
        log.warn({ err: error }, 'attempt counters: Redis did not answer, counting in the database');
      }
      return run(fallback);
    }
  };
  return {
    kind: primary.kind,
    increment: (key, windowMs) => attempt((store) => store.increment(key, windowMs)),
    decrement: (key) => attempt((store) => store.decrement(key)),
    peek: (key) => attempt((store) => store.peek(key)),
    remove: (key) => attempt((store) => store.remove(key)),
  };
}

/** The app's store: in Redis when the app has a client (the database while Redis does not answer), else the database. */
export function createAttemptStore(
  database: Kysely<Database>,
  redis: Redis | null,
  log: FastifyBaseLogger,
): AttemptStore {
  const databaseStore = createDatabaseAttemptStore(database, Date.now);
  return redis ? withFallback(createRedisAttemptStore(redis), databaseStore, log) : databaseStore;
}
