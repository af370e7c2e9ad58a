import { type Compilable, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { withoutFsync } from '../db/without-fsync.js';
import { type ParameterisedQuery, parameterise, placeholder, runParameterised } from './fixed-query.js';

/** The attempt counters' table (migration 2026-11-23-0020-attempt-counters). */
export interface AttemptCountersTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window ends. */
  reset_at: number;
}

type AttemptTables = { attempt_counters: AttemptCountersTable };
type CounterDb = Kysely<Database & AttemptTables>;

/** A counter's row as the engines answer it (PostgreSQL's bigint comes back as a string). */
export interface CounterRow {
  count: number | string;
  reset_at: number | string;
}

/** The statements of the attempt counters; the store (security/attempt-store.ts) owns the windows. */
export interface AttemptRepository {
  /** Adds one to the key's count, or starts a new window at 1 when the last one ended by `now`. */
  increment(key: string, now: number, resetAt: number): Promise<CounterRow | undefined>;
  /** Takes one back from a live window; never below zero. */
  decrement(key: string, now: number): Promise<void>;
  /** The key's live window, if any. */
  peek(key: string, now: number): Promise<CounterRow | undefined>;
  /** Deletes the rows of windows ended by `now` (one statement, by index). */
  deleteEnded(now: number): Promise<void>;
  /** Deletes the key's row. */
  remove(key: string): Promise<void>;
}

/**
 * One row per key, changed by a single upsert so that the count and the check against the limit
 * are one atomic step on both engines (SQLite serialises writers; PostgreSQL locks the row for the
 * conflicting insert).
 */
export function createAttemptRepository(database: Kysely<Database>): AttemptRepository {
  // The table is not in db/schema.ts's Database: it has no organisation_id, and every table there
  // belongs to an organisation (organisation deletion lists them all).
  const db = database.withTables<AttemptTables>();
  // Counter writes skip the fsync on SQLite (db/without-fsync.ts): a flood of wrong sign-ins wrote
  // two per request, each fsynced on the event loop, and took 15 % of the server's time from everyone.
  const write = withoutFsync;
  // Built and compiled once (fixed-query.ts): a refused sign-in runs three to six of these, and
  // Kysely's building and compiling cost more than SQLite's answer (docs/benchmarks.md, flood).
  const statements = compileCounterStatements(db);
  return {
    increment: async (key, now, resetAt) => {
      const { rows } = await write(db, (conn) =>
        runParameterised<CounterRow>(conn, statements.increment(), { key, now, resetAt }),
      );
      return rows[0];
    },
    decrement: async (key, now) => {
      await write(db, (conn) => runParameterised(conn, statements.decrement(), { key, now }));
    },
    peek: async (key, now) => {
      const { rows } = await runParameterised<CounterRow>(db, statements.peek(), { key, now });
      return rows[0];
    },
    deleteEnded: async (now) => {
      await write(db, (conn) => conn.deleteFrom('attempt_counters').where('reset_at', '<=', now).execute());
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
