import type { ListResponse } from '@coffer/core';
import type { Compilable, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import type { CallerAccess } from '../policy/index.js';
import {
  type ParameterisedQuery,
  parameterise,
  placeholder,
  runParameterised,
} from '../repositories/fixed-query.js';
import type { PageRequest } from '../repositories/list-paging.js';
import { countListRows, type ListSource, listPageQuery } from '../repositories/list-query.js';
import { INVALID_CURSOR_MESSAGE, splitPage } from './list-cursor.js';
import { type ListParams, type ListQuery, parseListParams } from './list-params.js';
import { resolveSort, type SortColumn, type SortSpec, sortKeysOf } from './list-sorts.js';
import { cachedListTotal } from './list-total-cache.js';

/**
 * THE list module (docs/server.md, "Adding a list"): every `GET api/v1/{resource}` list is one
 * ListResource, and runList does the rest the same way for all: scope → filter → order and page
 * (by offset, or after a cursor) → count → includes and presenter.
 */

/** A list, as its resource configures it. */
export interface ListResource<
  TB extends keyof Database & string,
  Scope extends { organisationId: string },
  Row extends { id: string },
  Item,
> extends ListSource<TB, Scope> {
  /** Names the list in cached totals. */
  name: string;
  /** Selects and reads the rows of a page (the query is scoped, filtered, ordered and limited). */
  select(query: SelectQueryBuilder<Database, TB, object>): Promise<Row[]>;
  /** The `order=` keys, each with its column and index; every list has `name`, its default order. */
  sorts: Readonly<Record<string, SortSpec<Scope, Row>>>;
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

/** Checks a list's query parameters against its sort keys. */
export function readListParams(
  resource: { sorts: Readonly<Record<string, unknown>> },
  query: ListQuery,
): ListParams {
  return parseListParams(query, sortKeysOf(resource));
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
  count(filter: string | null): Promise<number> {
    return countListRows(this.db, this.resource, this.scope, filter);
  }

  // The page query for a scope: the caller's, or the template a compiled shape is built from.
  private build(scope: Scope, page: PageRequest): SelectQueryBuilder<Database, TB, object> | null {
    const sort = resolveSort(this.resource, page.order.column, scope);
    return listPageQuery(this.db, this.resource, scope, {
      ...page,
      order: { ...page.order, column: sort.column },
    });
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
