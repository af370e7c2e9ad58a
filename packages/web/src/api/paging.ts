/** Where the next page starts: the server's cursor when it gave one, else an offset. */
export type PagePosition = { cursor: string } | { offset: number };

/** A page of a scroll-paged list: its rows, the total, and the server's cursor when it pages by key. */
export interface ListPage<T> {
  items: T[];
  total: number;
  next_cursor?: string | null;
}

/** Where the first page starts. */
export const FIRST_PAGE: PagePosition = { offset: 0 };

/**
 * Where the page after `pages` starts: the server's cursor when it gave one, else the number of rows
 * loaded; undefined once the total is reached or a page came back empty (spec: load until the total).
 */
export function nextPagePosition<T>(pages: readonly ListPage<T>[]): PagePosition | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.items.length === 0) return undefined;
  const loaded = pages.reduce((count, page) => count + page.items.length, 0);
  if (loaded >= last.total) return undefined;
  if (last.next_cursor) return { cursor: last.next_cursor };
  if (last.next_cursor === null) return undefined;
  return { offset: loaded };
}
