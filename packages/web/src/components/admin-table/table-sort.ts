import { useState } from 'react';

/** A table's sort: a column's sort key and a direction. */
export interface TableSort {
  key: string;
  direction: 'asc' | 'desc';
}

/** A header click (spec section 2): ascending, then descending, then unsorted; another column starts ascending. */
export function nextSort(current: TableSort | null, key: string): TableSort | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

/** The list calls' `order` parameter ('name asc'); undefined leaves the server's default order. */
export function toOrder(sort: TableSort | null): string | undefined {
  return sort ? `${sort.key} ${sort.direction}` : undefined;
}

/** A table's sort state: the sort, the `order` to ask the server for, and the header click. */
export function useTableSort(initial: TableSort | null = null) {
  const [sort, setSort] = useState<TableSort | null>(initial);
  return {
    sort,
    order: toOrder(sort),
    toggle: (key: string) => setSort((current) => nextSort(current, key)),
  };
}

/** A table's sort state as the table receives it. */
export type TableSortState = ReturnType<typeof useTableSort>;
