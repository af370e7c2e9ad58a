import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { keepPrepared } from '../db/postgres-prepared.js';
import type { Database } from '../db/schema.js';
import { directReadOf } from '../db/sqlite-direct-reads.js';

const PLACEHOLDER_PREFIX = '\u0000placeholder:';

/**
 * Stands for a statement parameter while a query is built once for many runs: the built query
 * must pass it to SQL unchanged (a `where`, an `in` list, a cursor), never transform it.
 */
export function placeholder(name: string): string {
  return `${PLACEHOLDER_PREFIX}${name}`;
}

/** SQL compiled once; each parameter is a named placeholder, filled on every run, or a constant. */
export interface ParameterisedQuery {
  sql: string;
  parameters: readonly ({ placeholder: string } | { constant: unknown })[];
}

/**
 * Compiles a query built with placeholders: each parameter that is exactly a placeholder is filled
 * on every run, any other is a constant of the build (a limit, a boolean flag the SQLite plugin
 * turned into 1). A parameter made from a placeholder (`%…%` around it) would bind the same value
 * on every run, so it is a programming error. `prepared`: PostgreSQL keeps the statement parsed and
 * planned per connection (db/postgres-prepared.ts), for shapes fixed by the code only.
 */
export function parameterise(
  query: Compilable<unknown>,
  { prepared = false }: { prepared?: boolean } = {},
): ParameterisedQuery {
  const compiled = query.compile();
  // Only shapes fixed by the code: a prepared statement stays on its PostgreSQL connection.
  if (prepared) keepPrepared(compiled.sql);
  const parameters = compiled.parameters.map((value) => {
    if (typeof value !== 'string' || !value.includes(PLACEHOLDER_PREFIX)) return { constant: value };
    if (!value.startsWith(PLACEHOLDER_PREFIX)) {
      throw new Error('a query built once transformed a placeholder: pass the value to SQL as it is');
    }
    return { placeholder: value.slice(PLACEHOLDER_PREFIX.length) };
  });
  return { sql: compiled.sql, parameters };
}

/** Runs a parameterised query with the placeholders' values, by name. */
export async function runParameterised<Row>(
  // Any Kysely, of any tables: a transaction or a single connection runs it too.
  db: Pick<Kysely<Database>, 'executeQuery'>,
  query: ParameterisedQuery,
  values: Readonly<Record<string, unknown>>,
): Promise<QueryResult<Row>> {
  const bound = query.parameters.map((parameter) => {
    if ('constant' in parameter) return parameter.constant;
    if (!(parameter.placeholder in values)) throw new Error(`no value for ${parameter.placeholder}`);
    return values[parameter.placeholder];
  });
  // SQLite outside a transaction: the read runs at once (db/sqlite-direct-reads.ts).
  const rows = directReadOf(db)?.(query.sql, bound);
  if (rows) return { rows: rows as Row[] };
  return db.executeQuery<Row>(CompiledQuery.raw(query.sql, bound));
}

/** Runs a fixed query with its text parameters, by name. */
export type FixedQuery<Name extends string, Row> = (
  db: Kysely<Database>,
  parameters: Readonly<Record<Name, string>>,
) => Promise<Row[]>;

/**
 * A query of one fixed shape, built and compiled by Kysely once per database (each dialect quotes
 * and numbers its own), then run with new parameters. For the statements every signed-in request
 * runs: building, transforming and compiling a Kysely query costs more than SQLite takes to answer
 * such a lookup (docs/benchmarks.md, secrets-list). `build` gets each parameter as a placeholder.
 */
export function fixedQuery<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Kysely<Database>, parameters: Readonly<Record<Name, string>>) => Compilable<Row>,
): FixedQuery<Name, Row> {
  const compiledFor = new WeakMap<Kysely<Database>, ParameterisedQuery>();
  const placeholders = Object.fromEntries(names.map((name) => [name, placeholder(name)])) as Record<
    Name,
    string
  >;
  return async (db, parameters) => {
    let query = compiledFor.get(db);
    if (!query) {
      query = parameterise(build(db, placeholders), { prepared: true });
      compiledFor.set(db, query);
    }
    return (await runParameterised<Row>(db, query, parameters)).rows;
  };
}
