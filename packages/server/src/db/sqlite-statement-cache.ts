import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct statements stay prepared; IN lists of different lengths each make their own. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every statement anew on each query; on a list page that was an eighth of the
 * server's CPU (docs/benchmarks.md). better-sqlite3 statements are reusable, and safe to share here:
 * the driver runs one query at a time to completion (all/run) and Coffer never streams rows. Least
 * recently used statements are dropped past the limit.
 */
export function withStatementCache(
  database: SqliteDatabase,
  limit = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { cachedStatements(): number } {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare: (sql) => {
      const cached = cache.get(sql);
      if (cached) {
        // Re-inserting keeps the Map's order least-recently-used first.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > limit) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
    cachedStatements: () => cache.size,
  };
}
