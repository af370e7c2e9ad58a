import { AppError } from '../http/app-error.js';
import type { ListOrder, PageCursor } from '../repositories/list-paging.js';

/** A decoded `cursor=`: the order it was made for and the last row's sort value and id. */
export interface DecodedCursor {
  order: ListOrder;
  position: PageCursor;
}

const INVALID_CURSOR = 'The cursor is invalid. Start again from the first page.';

/** The opaque `next_cursor` after this row: base64url of [column, direction, value, id]. */
export function encodeCursor(
  order: ListOrder,
  row: { id: string } & Record<ListOrder['column'], string>,
): string {
  const json = JSON.stringify([order.column, order.direction, row[order.column], row.id]);
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** Reads a cursor made by encodeCursor; anything else is a 400. */
export function decodeCursor(text: string): DecodedCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw AppError.validation(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw AppError.validation(INVALID_CURSOR);
  const [column, direction, value, id] = parsed as unknown[];
  const knownColumn = column === 'name' || column === 'created_at' || column === 'updated_at';
  const knownDirection = direction === 'asc' || direction === 'desc';
  if (!knownColumn || !knownDirection || typeof value !== 'string' || typeof id !== 'string') {
    throw AppError.validation(INVALID_CURSOR);
  }
  return { order: { column, direction }, position: { value, id } };
}

/** A page of rows fetched with one extra: the page itself and the cursor after it (null on the last page). */
export function splitPage<T extends { id: string } & Record<ListOrder['column'], string>>(
  rows: T[],
  limit: number,
  order: ListOrder,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: last ? encodeCursor(order, last) : null };
}
