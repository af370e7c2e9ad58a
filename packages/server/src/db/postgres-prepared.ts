import { createHash } from 'node:crypto';
import type pg from 'pg';

// SQL text → statement name, for the statements every signed-in request or sign-in runs. Filled by
// the code's own fixed queries (repositories/fixed-query.ts), so its size is bounded by the code.
const preparedNames = new Map<string, string>();

/**
 * Asks PostgreSQL to keep this statement prepared on each connection that runs it. Only for SQL
 * of a fixed shape built once (never text that varies with input, such as `in` lists of any
 * length): a prepared statement lives as long as its connection.
 */
export function keepPrepared(sql: string): void {
  if (preparedNames.has(sql)) return;
  preparedNames.set(sql, `coffer_${createHash('sha256').update(sql, 'utf8').digest('hex').slice(0, 32)}`);
}

/** The statement name of SQL kept prepared, or undefined. */
export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/**
 * A pg Client that runs the SQL of keepPrepared as a named statement: PostgreSQL then parses and
 * plans it once per connection instead of on every run. The session lookup and the caller's access
 * took 340-375 µs each unnamed and 155-170 µs named, half a list request's database time
 * (docs/benchmarks.md). Kysely's driver calls `query(text, values)`; everything else passes through.
 */
export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Client {
    // pg's query() is heavily overloaded; only (text, values) with kept SQL is changed.
    override query(...args: unknown[]): never {
      const [text, values, ...rest] = args;
      const name = typeof text === 'string' ? preparedName(text) : undefined;
      const call = super.query as (...callArgs: unknown[]) => never;
      if (!name || (values !== undefined && !Array.isArray(values))) return call.apply(this, args);
      return call.call(this, { name, text, values }, ...rest);
    }
  };
}
