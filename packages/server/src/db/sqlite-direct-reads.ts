import type { SqliteDatabase } from 'kysely';

/** Runs a reading statement at once, or answers null when it must go through Kysely. */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | null;

// By Kysely instance: only the root instance of an SQLite database has one, never a transaction.
const directReads = new WeakMap<object, DirectRead>();

const SELECT = /^\s*select\b/i;

/**
 * The hot reads of every signed-in request (the session, the caller's access, a list page) run on
 * SQLite without Kysely's executor: its connection mutex, plugins and promise chain cost a list
 * request about as much as the statements themselves, and what they allocate evicts SQLite's pages
 * from the CPU caches (docs/benchmarks.md, secrets-list). This is safe where Kysely's mutex is not
 * needed: better-sqlite3 runs a statement to completion synchronously on the one connection, so
 * outside a transaction a read is atomic by itself. While a transaction is open on the connection
 * (between awaits of another request), the read goes through Kysely and waits its turn, so it never
 * sees that transaction's uncommitted rows.
 */
export function enableDirectReads(
  db: object,
  statements: SqliteDatabase,
  connection: { readonly inTransaction: boolean },
): void {
  directReads.set(db, (sql, parameters) => {
    if (connection.inTransaction || !SELECT.test(sql)) return null;
    const statement = statements.prepare(sql);
    return statement.reader ? (statement.all(parameters) as unknown[]) : null;
  });
}

/** The direct read of this Kysely instance, when it has one. */
export function directReadOf(db: object): DirectRead | undefined {
  return directReads.get(db);
}
