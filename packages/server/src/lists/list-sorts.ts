import { AppError } from '../errors/app-error.js';

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

/**
 * A sort by a column of the table whose index follows the lists' naming, `{table}_{column}_index`
 * (the migrations create one per order, so that naming is checked by list-plans.test.ts).
 */
export function byColumn<Row>(
  table: string,
  column: string,
  type: SortColumn<Row>['type'] = 'text',
): SortColumn<Row> {
  return { column, type, index: `${table}_${column}_index` };
}

/** The sort keys of a list, as `order=` takes them. */
export function sortKeysOf(resource: { sorts: Readonly<Record<string, unknown>> }): string[] {
  return Object.keys(resource.sorts);
}

/** The column and index an order key sorts by for this scope. */
export function resolveSort<Scope, Row>(
  resource: { sorts: Readonly<Record<string, SortSpec<Scope, Row>>> },
  key: string,
  scope: Scope,
): SortColumn<Row> {
  const entry = resource.sorts[key];
  if (!entry) throw AppError.validation(`Unknown order ${key}`);
  return typeof entry === 'function' ? entry(scope) : entry;
}
