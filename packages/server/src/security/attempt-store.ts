import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type Compilable, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { withoutFsync } from '../db/without-fsync.js';
import {
  type ParameterisedQuery,
  parameterise,
  placeholder,
  runParameterised,
} from '../repositories/fixed-query.js';

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

/** The table of the database store (migration 2026-11-23-0020-attempt-counters). */
export interface AttemptCountersTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window ends. */
  reset_at: number;
}

type AttemptTables = { attempt_counters: AttemptCountersTable };

/** How often the database store deletes the rows of ended windows (one statement, by index). */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The store in the database: one row per key, changed by a single upsert so that the count and the
 * check against the limit are one atomic step on both engines (SQLite serialises writers;
 * PostgreSQL locks the row for the conflicting insert). Rows of ended windows are deleted at most
 * once a minute, by whichever server notices first.
 */
export function createDatabaseAttemptStore(
  database: Kysely<Database>,
  clock: () => number = Date.now,
): AttemptStore {
  // The table is not in db/schema.ts's Database: it has no organisation_id, and every table there
  // belongs to an organisation (organisation deletion lists them all).
  const db = database.withTables<AttemptTables>();
  // Counter writes skip the fsync on SQLite (db/without-fsync.ts): a flood of wrong sign-ins wrote
  // two per request, each fsynced on the event loop, and took 15 % of the server's time from everyone.
  const write = withoutFsync;
  let lastSweep = clock();
  const sweep = async (now: number) => {
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    await write(db, (conn) => conn.deleteFrom('attempt_counters').where('reset_at', '<=', now).execute());
  };
  // Built and compiled once (fixed-query.ts): a refused sign-in runs three to six of these, and
  // Kysely's building and compiling cost more than SQLite's answer (docs/benchmarks.md, flood).
  const statements = compileCounterStatements(db);
  return {
    kind: 'database',
    increment: async (key, windowMs) => {
      const now = clock();
      const resetAt = now + windowMs;
      const { rows } = await write(db, (conn) =>
        runParameterised<{ count: number | string; reset_at: number | string }>(
          conn,
          statements.increment(),
          {
            key,
            now,
            resetAt,
          },
        ),
      );
      await sweep(now);
      const row = rows[0];
      return { count: Number(row?.count ?? 1), resetAt: Number(row?.reset_at ?? resetAt) };
    },
    decrement: async (key) => {
      await write(db, (conn) => runParameterised(conn, statements.decrement(), { key, now: clock() }));
    },
    peek: async (key) => {
      const { rows } = await runParameterised<{ count: number | string; reset_at: number | string }>(
        db,
        statements.peek(),
        { key, now: clock() },
      );
      const row = rows[0];
      return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : { count: 0, resetAt: 0 };
    },
    remove: async (key) => {
      await write(db, (conn) => conn.deleteFrom('attempt_counters').where('key', '=', key).execute());
    },
  };
}

/** The counters' hot statements, each compiled on first use with named placeholders, and kept prepared. */
function compileCounterStatements(db: CounterDb) {
  const once = (build: () => Compilable<unknown>) => {
    let compiled: ParameterisedQuery | null = null;
    return () => {
      compiled ??= parameterise(build(), { prepared: true });
      return compiled;
    };
  };
  const key = placeholder('key');
  const now = placeholder('now');
  const resetAt = placeholder('resetAt');
  return {
    increment: once(() => ({
      compile: () =>
        sql`
        insert into attempt_counters (key, count, reset_at) values (${key}, 1, ${resetAt})
        on conflict (key) do update set
          count = case when attempt_counters.reset_at <= ${now} then 1 else attempt_counters.count + 1 end,
          reset_at = case when attempt_counters.reset_at <= ${now}
            then cast(${resetAt} as bigint) else attempt_counters.reset_at end
        returning count, reset_at
      `.compile(db),
    })),
    decrement: once(() =>
      db
        .updateTable('attempt_counters')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('reset_at', '>', now as unknown as number),
    ),
    peek: once(() =>
      db
        .selectFrom('attempt_counters')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', now as unknown as number),
    ),
  };
}

type CounterDb = Kysely<Database & AttemptTables>;

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
