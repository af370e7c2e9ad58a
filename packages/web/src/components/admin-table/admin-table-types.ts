import type { ReactNode } from 'react';

/** One column of an admin table: its header, width, optional sort key and cell. */
export interface AdminColumn<T, K extends string = string> {
  id: string;
  label: string;
  /** Percent of the table's width (spec section 2: e.g. 25/15/30/12.5/12.5/5 for Chests). */
  width: number;
  /** The server's sort key ('name', 'secret_count', ...); without it the header does not sort. */
  sortKey?: K;
  /** What the cell shows. The first column's cell is the row's open button: text only, no controls. */
  cell: (row: T) => ReactNode;
  /** Cells with their own controls (bubbles): clicks there are theirs, not the row's. */
  interactive?: boolean;
  /** Left out below 767 px, where six columns do not fit. */
  optional?: boolean;
}

/** The empty texts of spec section 8: 'No {Chests|Secrets|Items} Found'. */
export type AdminTableNoun = 'Chests' | 'Secrets' | 'Items' | 'Teams' | 'Users';
