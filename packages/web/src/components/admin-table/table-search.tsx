import { TABLE_SEARCH_DEBOUNCE_MS } from '@coffer/core';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';

/**
 * A table's own search (spec section 9: the admin table search applies 300 ms after the last key,
 * at once when emptied), for tables shown inside a screen rather than filtered by the top bar.
 */
export function useTableSearch() {
  const [text, setText] = useState('');
  const filter = useDebouncedValue(text.trim(), TABLE_SEARCH_DEBOUNCE_MS, (value) => value === '');
  return { text, setText, filter };
}

/** Props of a table's own search box. */
export interface TableSearchBoxProps {
  search: ReturnType<typeof useTableSearch>;
  placeholder: string;
  /** Accessible name; 'Search' by default. */
  label?: string;
}

/** The search box of a table's own search. */
export function TableSearchBox({ search, placeholder, label = 'Search' }: TableSearchBoxProps) {
  return (
    <input
      type="search"
      className="admin-table__search"
      aria-label={label}
      placeholder={placeholder}
      value={search.text}
      onChange={(event) => search.setText(event.target.value)}
    />
  );
}
