import { CompiledQuery, type Kysely, SqliteAdapter } from 'kysely';

const SYNC_NORMAL = CompiledQuery.raw('pragma synchronous = normal');
const SYNC_FULL = CompiledQuery.raw('pragma synchronous = full');

/**
 * Runs `work` on one connection whose commits skip the fsync, for writes that may be lost to a
 * power cut: the attempt counters, where a lost second of counts only restarts a guesser's window,
 * and reshare deliveries, where a lost piece leaves its pairs missing for the next run to rewrap
 * (docs/operations.md).
 *
 * On SQLite every other commit fsyncs the WAL on the event loop (synchronous = FULL, docs/operations.md);
 * here synchronous = NORMAL is set for the connection held for `work`, so no other statement runs in
 * between, and FULL is set back. In WAL mode NORMAL still survives a killed process, and a
 * transaction still commits whole or not at all. On PostgreSQL `work` runs as usual: its commits do
 * not hold up other requests.
 */
export function withoutFsync<DB, T>(db: Kysely<DB>, work: (conn: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work(db);
  return db.connection().execute(async (conn) => {
    await conn.executeQuery(SYNC_NORMAL);
    try {
      return await work(conn);
    } finally {
      await conn.executeQuery(SYNC_FULL);
    }
  });
}
