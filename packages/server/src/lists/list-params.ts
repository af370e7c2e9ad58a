import { PAGE_SIZE } from '@coffer/core';
import { AppError } from '../errors/app-error.js';
import type { ListOrder, PageRequest } from '../repositories/list-paging.js';
import { DEFAULT_SORT_KEYS, decodeCursor } from './list-cursor.js';

/** Largest page a list answers (the settings audit log asks for 200). */
export const MAX_LIST_LIMIT = 200;
/**
 * Largest offset a list accepts: 2^31 - 1, far past any list and well inside both engines' OFFSET
 * (a 64-bit integer), so 2^63 or 1e308 is a 400 and never reaches SQL.
 */
export const MAX_LIST_OFFSET = 2_147_483_647;

const optionList = { type: 'array', items: { type: 'string', maxLength: 40 }, maxItems: 10 } as const;

/** JSON-schema properties of the generic list parameters (spec section 7), for route schemas. */
export const LIST_QUERY_PROPERTIES = {
  limit: { type: 'integer', minimum: 1, maximum: MAX_LIST_LIMIT },
  offset: { type: 'integer', minimum: 0, maximum: MAX_LIST_OFFSET },
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

/** `order=` values of a list with these sort keys, each ascending and descending. */
export function listOrders(sortKeys: readonly string[]): string[] {
  return sortKeys.flatMap((key) => [`${key} asc`, `${key} desc`]);
}
/** The orders of a list that does not name its own, as written in `order=`. */
export const LIST_ORDERS = listOrders(DEFAULT_SORT_KEYS);
const DEFAULT_ORDER: ListOrder = { column: 'name', direction: 'asc' };

/**
 * Reads `order=` ('name asc', 'updated_at desc', or a bare key meaning ascending) against the
 * list's sort keys (list-resource.ts); anything else is a 400 naming the list's orders.
 */
export function parseOrder(
  text: string | undefined,
  sortKeys: readonly string[] = DEFAULT_SORT_KEYS,
): ListOrder {
  if (text === undefined || text.trim() === '') return DEFAULT_ORDER;
  const [column, direction = 'asc', ...rest] = text.trim().toLowerCase().split(/\s+/);
  const known = sortKeys.find((candidate) => candidate === column);
  if (!known || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) {
    throw AppError.validation(`The order must be one of: ${listOrders(sortKeys).join(', ')}.`);
  }
  return { column: known, direction };
}

/**
 * Checks the generic list parameters, orders against the list's sort keys (every list has `name`,
 * its default order); a cursor carries its order and wins over an offset.
 */
export function parseListParams(
  query: ListQuery,
  sortKeys: readonly string[] = DEFAULT_SORT_KEYS,
): ListParams {
  const cursor = query.cursor ? decodeCursor(query.cursor, sortKeys) : null;
  let order = parseOrder(query.order, sortKeys);
  if (cursor) {
    if (query.order && (order.column !== cursor.order.column || order.direction !== cursor.order.direction)) {
      throw AppError.validation('The cursor belongs to another order.');
    }
    order = cursor.order;
  }
  const offset = query.offset ?? 0;
  // Route schemas bound it already; a caller that skips them still never sends SQL an unsafe number.
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_LIST_OFFSET) {
    throw AppError.validation('Field offset is invalid');
  }
  const limit = query.limit ?? PAGE_SIZE;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw AppError.validation('Field limit is invalid');
  }
  const filter = query.filter?.trim() ?? '';
  const options = [...(query.options ?? []), ...(query['options[]'] ?? [])].flatMap((option) =>
    option.split(',').map((part) => part.trim()),
  );
  return {
    page: {
      order,
      limit,
      offset: cursor ? 0 : offset,
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
