import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrator.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import {
  type AttemptStore,
  createDatabaseAttemptStore,
  createRedisAttemptStore,
  SWEEP_INTERVAL_MS,
  withFallback,
} from './attempt-store.js';

const REDIS_URL = process.env.COFFER_TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MINUTE = 60_000;

async function connectRedis(): Promise<Redis | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

// Each run uses keys of its own: other test runs may share the Redis server.
const run = randomBytes(6).toString('hex');
const key = (name: string) => `test-${run}:${name}`;

function behavesAsAStore(name: string, make: () => AttemptStore) {
  describe(name, () => {
    it('counts atomically: concurrent increments each get their own count', async () => {
      const store = make();
      const counts = await Promise.all(
        Array.from({ length: 40 }, () => store.increment(key('burst'), MINUTE)),
      );
      expect(counts.map((entry) => entry.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 40 }, (_, index) => index + 1),
      );
      expect((await store.peek(key('burst'))).count).toBe(40);
    });

    it('takes attempts back without going below zero, and forgets a key', async () => {
      const store = make();
      await store.increment(key('back'), MINUTE);
      await store.increment(key('back'), MINUTE);
      await store.decrement(key('back'));
      expect((await store.peek(key('back'))).count).toBe(1);
      await store.decrement(key('back'));
      await store.decrement(key('back'));
      expect((await store.peek(key('back'))).count).toBe(0);
      await store.increment(key('gone'), MINUTE);
      await store.remove(key('gone'));
      expect(await store.peek(key('gone'))).toEqual({ count: 0, resetAt: 0 });
    });

    it('keeps a locked count however many other keys strangers fill it with', async () => {
      const store = make();
      for (let attempt = 0; attempt < 11; attempt += 1) await store.increment(key('locked'), 15 * MINUTE);
      // Far beyond the 5,000 keys of the rate-limit plugin's in-memory LRU.
      const junk = Array.from({ length: 8_000 }, (_, index) => key(`junk-${index}`));
      for (let start = 0; start < junk.length; start += 400) {
        await Promise.all(junk.slice(start, start + 400).map((name) => store.increment(name, 15 * MINUTE)));
      }
      const locked = await store.peek(key('locked'));
      expect(locked.count).toBe(11);
      expect(locked.resetAt).toBeGreaterThan(Date.now());
    }, 60_000);
  });
}

describe('attempt store in the database', () => {
  let database: TestDatabase;
  let now = Date.now();
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle.db);
  });
  afterAll(async () => {
    await database.drop();
  });

  behavesAsAStore('the shared behaviour', () => createDatabaseAttemptStore(database.handle.db, Date.now));

  it('leaves every other write of the connection with synchronous = FULL (SQLite)', async (context) => {
    if (database.handle.dialect !== 'sqlite') return context.skip();
    const store = createDatabaseAttemptStore(database.handle.db, Date.now);
    await store.increment(key('durability'), MINUTE);
    await store.decrement(key('durability'));
    await store.remove(key('durability'));
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.handle.db);
    expect(rows[0]?.synchronous).toBe(2); // FULL
  });

  it('starts a new window once the last has ended, and sweeps ended windows', async () => {
    const store = createDatabaseAttemptStore(database.handle.db, () => now);
    expect(await store.increment(key('window'), MINUTE)).toEqual({ count: 1, resetAt: now + MINUTE });
    expect((await store.increment(key('window'), MINUTE)).count).toBe(2);
    now += MINUTE;
    expect(await store.peek(key('window'))).toEqual({ count: 0, resetAt: 0 });
    expect(await store.increment(key('window'), MINUTE)).toEqual({ count: 1, resetAt: now + MINUTE });
    await store.increment(key('old'), 1_000);
    now += SWEEP_INTERVAL_MS + 1_000;
    await store.increment(key('fresh'), MINUTE);
    const rows = await database.handle.db
      .withTables<{ attempt_counters: { key: string } }>()
      .selectFrom('attempt_counters')
      .select('key')
      .where('key', 'in', [key('old'), key('window'), key('fresh')])
      .execute();
    expect(rows.map((row) => row.key)).toEqual([key('fresh')]);
  });
});

const redis = await connectRedis();

describe.skipIf(!redis)('attempt store in Redis', () => {
  afterAll(async () => {
    const keys = await redis?.keys(`coffer-attempts:test-${run}:*`);
    if (keys?.length) await redis?.del(...keys);
    redis?.disconnect();
  });

  behavesAsAStore('the shared behaviour', () => createRedisAttemptStore(redis as Redis));

  it('gives each window its expiry, and falls back to the database when Redis fails', async () => {
    const store = createRedisAttemptStore(redis as Redis);
    const first = await store.increment(key('expiry'), MINUTE);
    expect(first.count).toBe(1);
    expect(await redis?.pttl(`coffer-attempts:${key('expiry')}`)).toBeGreaterThan(MINUTE - 5_000);

    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    unreachable.on('error', () => {});
    const broken = createRedisAttemptStore(unreachable);
    const counted: string[] = [];
    const database: AttemptStore = {
      kind: 'database',
      increment: async (name) => {
        counted.push(name);
        return { count: 1, resetAt: Date.now() + MINUTE };
      },
      decrement: async () => {},
      peek: async () => ({ count: 0, resetAt: 0 }),
      remove: async () => {},
    };
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    const fallback = withFallback(broken, database, log);
    expect((await fallback.increment(key('down'), MINUTE)).count).toBe(1);
    expect(counted).toEqual([key('down')]);
    expect(warnings).toHaveLength(1);
    unreachable.disconnect();
  });
});
