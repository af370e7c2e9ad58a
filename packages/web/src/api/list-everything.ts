import { requestOrThrow } from './api-client.js';
import type { ListPage, PagePosition } from './paging.js';
import { FIRST_PAGE, nextPagePosition } from './paging.js';

/** Rows per request when a whole list is read: the server's largest page. */
export const LIST_EVERYTHING_PAGE_SIZE = 200;

/** Follows a list to its total, 200 rows a request (the server's cursor when it gives one). */
export async function listEverything<T>(
  path: string,
  query: Record<string, string | number | boolean | readonly string[]>,
  signal?: AbortSignal,
): Promise<T[]> {
  const pages: ListPage<T>[] = [];
  let position: PagePosition | undefined = FIRST_PAGE;
  while (position) {
    const page: ListPage<T> = await requestOrThrow<ListPage<T>>(path, {
      query: { ...query, limit: LIST_EVERYTHING_PAGE_SIZE, ...position },
      ...(signal ? { signal } : {}),
    });
    pages.push(page);
    position = nextPagePosition(pages);
  }
  return pages.flatMap((page) => page.items);
}
