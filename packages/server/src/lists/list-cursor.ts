import { AppError } from '../errors/app-error.js';
import type { ListOrder, PageCursor } from '../repositories/list-paging.js';

/** A decoded `cursor=`: the order it was made for and the last row's sort value and id. */
export interface DecodedCursor {
  order: ListOrder;
  position: PageCursor;
}

/** The orders of a list that does not name its own (name, created_at, updated_at). */
export const DEFAULT_SORT_KEYS: readonly string[] = ['name', 'created_at', 'updated_at'];

/** The answer to a cursor this server did not make, or one of another list. */
export const INVALID_CURSOR_MESSAGE = 'The cursor is invalid. Start again from the first page.';

/** The opaque `next_cursor` for an order and a row's sort value and id: base64url of [key, direction, value, id]. */
export function encodeCursorAt(order: ListOrder, value: string | number, id: string): string {
  const json = JSON.stringify([order.column, order.direction, value, id]);
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** The opaque `next_cursor` after this row, whose sort value is its field named like the order's key. */
export function encodeCursor(order: ListOrder, row: { id: string } & Record<string, unknown>): string {
  const value = row[order.column];
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new Error(`a row has no ${order.column} to continue after`);
  }
  return encodeCursorAt(order, value, row.id);
}

// A value SQL can always compare: text without NUL (PostgreSQL refuses it), or a safe integer.
function isComparable(value: unknown): value is string | number {
  if (typeof value === 'string') return !value.includes('\u0000');
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * Reads a cursor made by encodeCursor for one of `sortKeys`; anything else is a 400. Whether the
 * value has the sorted column's type is checked where the column is known (list-resource.ts).
 */
export function decodeCursor(text: string, sortKeys: readonly string[] = DEFAULT_SORT_KEYS): DecodedCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw AppError.validation(INVALID_CURSOR_MESSAGE);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw AppError.validation(INVALID_CURSOR_MESSAGE);
  const [column, direction, value, id] = parsed as unknown[];
  const knownColumn = typeof column === 'string' && sortKeys.includes(column);
  const knownDirection = direction === 'asc' || direction === 'desc';
  const validId = typeof id === 'string' && id.length <= 64 && !id.includes('\u0000');
  if (!knownColumn || !knownDirection || !isComparable(value) || !validId) {
    throw AppError.validation(INVALID_CURSOR_MESSAGE);
  }
  return { order: { column, direction }, position: { value, id } };
}

/** A page of rows fetched with one extra: the page itself and the cursor after it (null on the last page). */
export function splitPage<T extends { id: string } & Record<string, unknown>>(
  rows: T[],
  limit: number,
  order: ListOrder,
  cursorValue: (row: T) => string | number = (row) => row[order.column] as string | number,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: last ? encodeCursorAt(order, cursorValue(last), last.id) : null };
}
