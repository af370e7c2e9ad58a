import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/**
 * A column a list is ordered by, one its list resource allows (lists/list-resource.ts); every
 * order ends with the id, so no two rows tie.
 */
export type SortColumn = string;

/** A list's order: one whitelisted column and a direction. */
export interface ListOrder {
  column: SortColumn;
  direction: 'asc' | 'desc';
}

/** Where a keyset page starts: the sort value and id of the previous page's last row. */
export interface PageCursor {
  value: string | number;
  id: string;
}

/** One page of a list: order, size, and either an offset or a cursor (the cursor wins). */
export interface PageRequest {
  order: ListOrder;
  limit: number;
  offset: number;
  cursor: PageCursor | null;
  /** Case-insensitive "name contains", or null. */
  filter: string | null;
}

/** `(sort column, id)` after (or before, descending) the cursor: uses the (…, column, id) indexes. */
export function isAfterCursor(table: string, order: ListOrder, cursor: PageCursor): Expression<SqlBool> {
  const operator = sql.raw(order.direction === 'asc' ? '>' : '<');
  const column = sql.ref(`${table}.${order.column}`);
  return sql<SqlBool>`(${column}, ${sql.ref(`${table}.id`)}) ${operator} (${cursor.value}, ${cursor.id})`;
}

/**
 * One page of a list query: after the cursor (or past the offset), in the page's order with the id as
 * tie-break, limit + 1 rows so the caller knows whether more follow. Every list pages alike.
 */
export function selectPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  page: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  const { column, direction } = page.order;
  let paged = query;
  if (page.cursor) paged = paged.where(isAfterCursor(table, page.order, page.cursor));
  else if (page.offset > 0) paged = paged.offset(page.offset);
  return paged
    .orderBy(sql.ref(`${table}.${column}`), direction)
    .orderBy(sql.ref(`${table}.id`), direction)
    .limit(page.limit + 1);
}

/**
 * Case-insensitive "name contains": lower() on both sides, so it behaves alike on SQLite (whose
 * LIKE ignores ASCII case only) and PostgreSQL (whose LIKE is case-sensitive). % and _ match literally.
 */
export function nameContains(table: string, filter: string, column = 'name'): Expression<SqlBool> {
  const escaped = filter.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<SqlBool>`lower(${sql.ref(`${table}.${column}`)}) like ${`%${escaped}%`} escape '\\'`;
}

/** Splits ids into chunks small enough for any driver's parameter limit. */
export function chunkIds<T>(ids: readonly T[], size = 500): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}
