import type { ListResponse } from '@coffer/core';
import type { Compilable, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { countThreadOf } from '../db/sqlite-count-thread.js';
import { AppError } from '../errors/app-error.js';
import type { CallerAccess } from '../policy/index.js';
import {
  type ParameterisedQuery,
  parameterise,
  placeholder,
  runParameterised,
} from '../repositories/fixed-query.js';
import { nameContains, type PageRequest, selectPage } from '../repositories/list-paging.js';
import { INVALID_CURSOR_MESSAGE, splitPage } from './list-cursor.js';
import { type ListParams, type ListQuery, parseListParams } from './list-params.js';
import { cachedListTotal } from './list-total-cache.js';

/**
 * THE list module (docs/server.md, "Adding a list"): every `GET api/v1/{resource}` list is one
 * ListResource, and runList does the rest the same way for all: scope → filter → order and page
 * (by offset, or after a cursor) → count → includes and presenter.
 */

/** What an `order=` key sorts by. */
export interface SortColumn<Row> {
  /** A column of the list's table; the id breaks ties, so the order is total. */
  column: string;
  /** The column's type: a cursor's value must have it (a 400 otherwise, never an SQL error). */
  type: 'text' | 'integer';
  /**
   * The index that reads an organisation's rows in this order, (organisation_id, column, id), on
   * both engines; list-indexes.test.ts asks each engine's planner.
   */
  index: string;
  /** The row's stored value of the column, when the record maps it (e.g. strength 0 → null). */
  cursorValue?: (row: Row) => string | number;
}

/** What an `order=` key sorts by: fixed, or chosen by the caller's scope. */
export type SortSpec<Scope, Row> = SortColumn<Row> | ((scope: Scope) => SortColumn<Row>);

/** A list, as its resource configures it. */
export interface ListResource<
  TB extends keyof Database & string,
  Scope extends { organisationId: string },
  Row extends { id: string },
  Item,
> {
  /** Names the list in cached totals. */
  name: string;
  /** The table listed. */
  table: TB;
  /** Restricts the table to the rows the scope may list; null when it may list none. */
  scope(
    query: SelectQueryBuilder<Database, TB, object>,
    scope: Scope,
  ): SelectQueryBuilder<Database, TB, object> | null;
  /** Selects and reads the rows of a page (the query is scoped, filtered, ordered and limited). */
  select(query: SelectQueryBuilder<Database, TB, object>): Promise<Row[]>;
  /** The `order=` keys, each with its column and index; every list has `name`, its default order. */
  sorts: Readonly<Record<string, SortSpec<Scope, Row>>>;
  /** The columns `filter=` searches (case-insensitive "contains"). */
  filterColumns: readonly string[];
  /** Whether the total may be a few seconds old (list-total-cache.ts): for lists too long to count per page. */
  cacheTotals: boolean;
  /** Loads what `options[]` asks for and presents the page, in its order. */
  present(
    db: Kysely<Database>,
    caller: CallerAccess,
    rows: Row[],
    options: ReadonlySet<string>,
  ): Promise<Item[]>;
  /** Optional: build and compile each shape of page query once (see CompiledPages). */
  compiled?: CompiledPages<TB, Scope, Row>;
}

/**
 * How a list's page query is built once per shape and then only run: for lists every page load
 * reads (the dashboard's secrets), where building and compiling the query in Kysely costs about as
 * much as SQLite takes to read the page. Pages with a filter or an offset are built every time.
 */
export interface CompiledPages<TB extends keyof Database & string, Scope, Row> {
  /**
   * The scope with each value that is statement data (organisation and row ids) replaced by
   * `hole(name, value)`, which stands for it in SQL. Everything else, and the page's order and
   * size, names the shape: it must be what scope() and the sorts branch on, since a query built
   * for one shape is run for every scope of that shape.
   */
  template(scope: Scope, hole: (name: string, value: string) => string): Scope;
  /** Adds the columns select() reads to a page query. */
  columns(query: SelectQueryBuilder<Database, TB, object>): Compilable<unknown>;
  /** Maps the rows of that query as select() does. */
  read(rows: unknown[]): Row[];
}

/** The sort keys of a list, as `order=` takes them. */
export function sortKeysOf(resource: { sorts: Readonly<Record<string, unknown>> }): string[] {
  return Object.keys(resource.sorts);
}

/** Checks a list's query parameters against its sort keys. */
export function readListParams(
  resource: { sorts: Readonly<Record<string, unknown>> },
  query: ListQuery,
): ListParams {
  return parseListParams(query, sortKeysOf(resource));
}

/** The column and index an order key sorts by for this scope. */
export function resolveSort<Scope extends { organisationId: string }, Row extends { id: string }>(
  resource: Pick<ListResource<never, Scope, Row, unknown>, 'sorts'>,
  key: string,
  scope: Scope,
): SortColumn<Row> {
  const entry = resource.sorts[key];
  if (!entry) throw AppError.validation(`Unknown order ${key}`);
  return typeof entry === 'function' ? entry(scope) : entry;
}

/**
 * The scoped and filtered query of a list, before order and page (also what counts the total);
 * null when the scope lists nothing.
 */
export function filteredQuery<TB extends keyof Database & string, Scope extends { organisationId: string }>(
  db: Kysely<Database>,
  resource: Pick<ListResource<TB, Scope, never, unknown>, 'table' | 'scope' | 'filterColumns'>,
  scope: Scope,
  filter: string | null,
): SelectQueryBuilder<Database, TB, object> | null {
  const from = db.selectFrom(resource.table as keyof Database) as unknown as SelectQueryBuilder<
    Database,
    TB,
    object
  >;
  const scoped = resource.scope(from, scope);
  if (!scoped || !filter) return scoped;
  const matches = resource.filterColumns.map((column) => nameContains(resource.table, filter, column));
  return scoped.where((eb) => eb.or(matches));
}

/**
 * The page query of a list: scoped, filtered, in the order's column then id, after the cursor or
 * past the offset, limit + 1 rows. Null when the scope lists nothing.
 */
export function pageQuery<
  TB extends keyof Database & string,
  Scope extends { organisationId: string },
  Row extends { id: string },
>(
  db: Kysely<Database>,
  resource: ListResource<TB, Scope, Row, unknown>,
  scope: Scope,
  page: PageRequest,
): SelectQueryBuilder<Database, TB, object> | null {
  return new ListRead(db, resource, scope).pageQuery(page);
}

// A cursor's value must have the sorted column's type: a 400 otherwise, never an SQL error.
function checkCursorType(sort: SortColumn<never>, page: PageRequest): void {
  const value = page.cursor?.value;
  if (value !== undefined && typeof value !== (sort.type === 'integer' ? 'number' : 'string')) {
    throw AppError.validation(INVALID_CURSOR_MESSAGE);
  }
}

// Past this many shapes per database (chest counts × orders × page sizes), the least recently used go.
const MAX_COMPILED_PAGES = 256;
// Per database, by shape: the compiled page query, or null when such a scope lists nothing.
const compiledPages = new WeakMap<Kysely<Database>, Map<string, ParameterisedQuery | null>>();

/** One read of a list in a caller's scope: its page query, the page's rows and the total. */
class ListRead<
  TB extends keyof Database & string,
  Scope extends { organisationId: string },
  Row extends { id: string },
> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly resource: ListResource<TB, Scope, Row, unknown>,
    private readonly scope: Scope,
  ) {}

  /** The page query, after checking the cursor against the order's column. */
  pageQuery(page: PageRequest): SelectQueryBuilder<Database, TB, object> | null {
    checkCursorType(resolveSort(this.resource, page.order.column, this.scope), page);
    return this.build(this.scope, page);
  }

  /**
   * Reads the rows of a page (limit + 1) when called; null when the scope lists nothing. By the
   * resource's compiled query of this shape when it has one, else by a query built now.
   */
  pageRows(page: PageRequest): (() => Promise<Row[]>) | null {
    const { db, resource } = this;
    const { compiled } = resource;
    if (!compiled || page.filter !== null || page.offset !== 0) {
      const built = this.pageQuery(page);
      return built ? () => resource.select(built) : null;
    }
    checkCursorType(resolveSort(resource, page.order.column, this.scope), page);
    const values: Record<string, unknown> = {};
    const hole = (name: string, value: unknown) => {
      values[name] = value;
      return placeholder(name);
    };
    const templateScope = compiled.template(this.scope, hole);
    const templatePage: PageRequest = page.cursor
      ? {
          ...page,
          cursor: { value: hole('cursor.value', page.cursor.value), id: hole('cursor.id', page.cursor.id) },
        }
      : page;
    const query = compiledPageQuery(db, JSON.stringify([resource.name, templateScope, templatePage]), () => {
      const built = this.build(templateScope, templatePage);
      return built ? parameterise(compiled.columns(built)) : null;
    });
    return query ? async () => compiled.read((await runParameterised(db, query, values)).rows) : null;
  }

  /** How many rows the scope lists with this filter. */
  async count(filter: string | null): Promise<number> {
    const query = filteredQuery(this.db, this.resource, this.scope, filter);
    if (!query) return 0;
    const counting = query.select((eb) => eb.fn.countAll<number>().as('count'));
    const thread = countThreadOf(this.db);
    if (thread) {
      // A thread that ended or failed leaves the count to this connection, which answers the same.
      try {
        return await thread.count(counting.compile());
      } catch {}
    }
    const row = await counting.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  // The page query for a scope: the caller's, or the template a compiled shape is built from.
  private build(scope: Scope, page: PageRequest): SelectQueryBuilder<Database, TB, object> | null {
    const sort = resolveSort(this.resource, page.order.column, scope);
    const query = filteredQuery(this.db, this.resource, scope, page.filter);
    if (!query) return null;
    return selectPage(query, this.resource.table, { ...page, order: { ...page.order, column: sort.column } });
  }
}

/** The compiled page query of this shape on this database, compiled by `compile` the first time. */
function compiledPageQuery(
  db: Kysely<Database>,
  shape: string,
  compile: () => ParameterisedQuery | null,
): ParameterisedQuery | null {
  let shapes = compiledPages.get(db);
  if (!shapes) {
    shapes = new Map();
    compiledPages.set(db, shapes);
  }
  const known = shapes.get(shape);
  // Deleted and set again, so the Map keeps the least recently used first.
  if (known !== undefined) shapes.delete(shape);
  const query = known !== undefined ? known : compile();
  shapes.set(shape, query);
  if (shapes.size > MAX_COMPILED_PAGES) shapes.delete(shapes.keys().next().value as string);
  return query;
}

/** One page of a list for the caller, with its total and the cursor of the next page. */
export async function runList<
  TB extends keyof Database & string,
  Scope extends { organisationId: string },
  Row extends { id: string },
  Item,
>(
  db: Kysely<Database>,
  resource: ListResource<TB, Scope, Row, Item>,
  caller: CallerAccess,
  scope: Scope,
  params: ListParams,
): Promise<ListResponse<Item>> {
  const { page } = params;
  const sort = resolveSort(resource, page.order.column, scope);
  const read = new ListRead(db, resource, scope);
  const readRows = read.pageRows(page);
  if (!readRows) return { items: [], total: 0, next_cursor: null };
  const count = () => read.count(page.filter);
  const [rows, total] = await Promise.all([
    readRows(),
    resource.cacheTotals
      ? cachedListTotal(
          scope.organisationId,
          `${resource.name}:${JSON.stringify([scope, page.filter])}`,
          count,
        )
      : count(),
  ]);
  const cursorValue =
    sort.cursorValue ??
    ((row: Row) => (row as unknown as Record<string, string | number>)[sort.column] ?? '');
  const { rows: pageRows, nextCursor } = splitPage(
    rows as (Row & Record<string, unknown>)[],
    page.limit,
    page.order,
    cursorValue,
  );
  return {
    items: await resource.present(db, caller, pageRows, params.options),
    total,
    next_cursor: nextCursor,
  };
}
