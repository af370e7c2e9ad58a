import { PAGE_SIZE } from '@coffer/core';
import { AppError } from '../http/app-error.js';
import type { ListOrder, PageRequest, SortColumn } from '../repositories/list-paging.js';
import { decodeCursor } from './list-cursor.js';

/** Largest page a list answers (the settings audit log asks for 200). */
export const MAX_LIST_LIMIT = 200;

const optionList = { type: 'array', items: { type: 'string', maxLength: 40 }, maxItems: 10 } as const;

/** JSON-schema properties of the generic list parameters (spec section 7), for route schemas. */
export const LIST_QUERY_PROPERTIES = {
  limit: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT },
  offset: { type: 'integer', minimum: 0 },
  cursor: { type: 'string', maxLength: 1024 },
  filter: { type: 'string', maxLength: 255 },
  order: { type: 'string', maxLength: 40 },
  everything: { type: 'boolean' },
  deleted: { type: 'boolean' },
  options: optionList,
  'options[]': optionList,
} as const;

/** The generic list parameters as they arrive. */
export interface ListQuery {
  limit?: number;
  offset?: number;
  cursor?: string;
  filter?: string;
  order?: string;
  everything?: boolean;
  deleted?: boolean;
  options?: string[];
  'options[]'?: string[];
}

/** The list parameters, checked. */
export interface ListParams {
  page: PageRequest;
  everything: boolean;
  deleted: boolean;
  /** Related objects to include; '*' asks for all of them. */
  options: ReadonlySet<string>;
}

const SORT_COLUMNS: readonly SortColumn[] = ['name', 'created_at', 'updated_at'];
/** The orders every list accepts, as written in `order=`. */
export const LIST_ORDERS = SORT_COLUMNS.flatMap((column) => [`${column} asc`, `${column} desc`]);
const DEFAULT_ORDER: ListOrder = { column: 'name', direction: 'asc' };

/** Reads `order=` ('name asc', 'updated_at desc', or a bare column meaning ascending). */
export function parseOrder(text: string | undefined): ListOrder {
  if (text === undefined || text.trim() === '') return DEFAULT_ORDER;
  const [column, direction = 'asc', ...rest] = text.trim().toLowerCase().split(/\s+/);
  const known = SORT_COLUMNS.find((candidate) => candidate === column);
  if (!known || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
    throw AppError.validation(`The order must be one of: ${LIST_ORDERS.join(', ')}.`);
  }
  return { column: known, direction };
}

/** Checks the generic list parameters; a cursor carries its order and wins over an offset. */
export function parseListParams(query: ListQuery): ListParams {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  let order = parseOrder(query.order);
  if (cursor) {
    if (query.order && (order.column !== cursor.order.column || order.direction !== cursor.order.direction)) {
      throw AppError.validation('The cursor belongs to another order.');
    }
    order = cursor.order;
  }
  const filter = query.filter?.trim() ?? '';
  const options = [...(query.options ?? []), ...(query['options[]'] ?? [])].flatMap((option) =>
    option.split(',').map((part) => part.trim()),
  );
  return {
    page: {
      order,
      limit: query.limit ?? PAGE_SIZE,
      offset: cursor ? 0 : (query.offset ?? 0),
      cursor: cursor?.position ?? null,
      filter: filter === '' ? null : filter,
    },
    everything: query.everything ?? false,
    deleted: query.deleted ?? false,
    options: new Set(options.filter((option) => option !== '')),
  };
}

/** Whether the list or show call asked for this related object (or for all with '*'). */
export function wantsOption(options: ReadonlySet<string>, name: string): boolean {
  return options.has(name) || options.has('*');
}
