import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { countThreadOf } from '../db/sqlite-count-thread.js';
import { nameContains, type PageRequest, selectPage } from './list-paging.js';

/** Where a list reads: its table, the rows a scope may list, and the columns `filter=` searches. */
export interface ListSource<TB extends keyof Database & string, Scope> {
  /** The table listed. */
  table: TB;
  /** Restricts the table to the rows the scope may list; null when it may list none. */
  scope(
    query: SelectQueryBuilder<Database, TB, object>,
    scope: Scope,
  ): SelectQueryBuilder<Database, TB, object> | null;
  /** The columns `filter=` searches (case-insensitive "contains"). */
  filterColumns: readonly string[];
}

/**
 * The scoped and filtered query of a list, before order and page (also what counts the total);
 * null when the scope lists nothing.
 */
export function filteredQuery<TB extends keyof Database & string, Scope>(
  db: Kysely<Database>,
  source: ListSource<TB, Scope>,
  scope: Scope,
  filter: string | null,
): SelectQueryBuilder<Database, TB, object> | null {
  const from = db.selectFrom(source.table as keyof Database) as unknown as SelectQueryBuilder<
    Database,
    TB,
    object
  >;
  const scoped = source.scope(from, scope);
  if (!scoped || !filter) return scoped;
  const matches = source.filterColumns.map((column) => nameContains(source.table, filter, column));
  return scoped.where((eb) => eb.or(matches));
}

/**
 * The page query of a list: scoped, filtered, in the order's column (a column of the table) then
 * id, after the cursor or past the offset, limit + 1 rows. Null when the scope lists nothing.
 */
export function listPageQuery<TB extends keyof Database & string, Scope>(
  db: Kysely<Database>,
  source: ListSource<TB, Scope>,
  scope: Scope,
  page: PageRequest,
): SelectQueryBuilder<Database, TB, object> | null {
  const query = filteredQuery(db, source, scope, page.filter);
  if (!query) return null;
  return selectPage(query, source.table, page);
}

/** How many rows the scope lists with this filter: on the database's counting thread when it has one. */
export async function countListRows<TB extends keyof Database & string, Scope>(
  db: Kysely<Database>,
  source: ListSource<TB, Scope>,
  scope: Scope,
  filter: string | null,
): Promise<number> {
  const query = filteredQuery(db, source, scope, filter);
  if (!query) return 0;
  const counting = query.select((eb) => eb.fn.countAll<number>().as('count'));
  const thread = countThreadOf(db);
  if (thread) {
    // A thread that ended or failed leaves the count to this connection, which answers the same.
    try {
      return await thread.count(counting.compile());
    } catch {}
  }
  const row = await counting.executeTakeFirstOrThrow();
  return Number(row.count);
}
