import type { MouseEvent } from 'react';
import type { RowMenuItem } from '../lists/row-menu.js';
import { RowMenu } from '../lists/row-menu.js';
import { ROW_ATTRIBUTE, ROW_CONTAINER_ATTRIBUTE } from '../lists/row-navigation.js';
import { LIST_FAILED_MESSAGE } from '../lists/scroll-list.js';
import { canObserveScrolling, useInfiniteScroll } from '../lists/use-infinite-scroll.js';
import { useRowShortcuts } from '../lists/use-row-shortcuts.js';
import type { AdminColumn, AdminTableNoun } from './admin-table-types.js';
import { popularRowIndex } from './popular-row.js';
import type { TableList } from './table-list.js';
import type { TableSortState } from './table-sort.js';
import './admin-table.css';

/** Shown under the rows when the next page failed; the offset stays, 'Try again' asks for it again. */
export const MORE_FAILED_MESSAGE = 'More rows could not be loaded.';

/** The attribute of cells whose clicks are their own (bubbles, the row menu). */
const OWN_CLICKS = 'data-own-clicks';

/** Props of an admin table: the columns (configuration), the list and what a row does. */
export interface AdminTableProps<T> {
  /** The table's accessible name ('Chests', 'Secrets in Operations'). */
  label: string;
  /** 'No {noun} Found' when empty. */
  noun: AdminTableNoun;
  /** The empty text when the list has its own ('No Recent Logs'); 'No {noun} Found' otherwise. */
  emptyText?: string;
  columns: readonly AdminColumn<T>[];
  list: TableList<T>;
  sort: TableSortState;
  rowKey: (row: T) => string;
  /** The row's name, for its menu button ('Options for {name}'). */
  rowName: (row: T) => string;
  /** A row click or Enter: the screen navigates with the row (useOpenAdminRow). Absent: rows only show (a log). */
  onOpen?: (row: T) => void;
  menuFor?: (row: T) => readonly RowMenuItem[];
  /** Width of the row-menu column in percent (5 in the spec's tables). */
  menuWidth?: number;
  /** The user menu opens above the row within 270 px of the bottom; others within 200 px. */
  menuFlipMarginPx?: number;
  /** Rows score for the 'popular' marker (the highest, with at least 4 rows); none when absent. */
  popularity?: (row: T) => number;
}

const SORT_ARIA = { asc: 'ascending', desc: 'descending' } as const;
const SORT_MARK = { asc: '▲', desc: '▼' } as const;

/**
 * THE admin table (spec section 2, "Lists and row menus"): sortable headers (ascending, descending,
 * unsorted), 20 rows at a time and more on scroll until the total, the spec's column widths, a row
 * click that opens the row, the 'popular' marker, row menus, the empty text and the keyboard
 * (arrows, Enter, Right opens the menu). A list is configuration: columns and one query per resource.
 */
export function AdminTable<T>({
  label,
  noun,
  emptyText,
  columns,
  list,
  sort,
  rowKey,
  rowName,
  onOpen,
  menuFor,
  menuWidth = 5,
  menuFlipMarginPx,
  popularity,
}: AdminTableProps<T>) {
  useRowShortcuts('admin-table');
  const sentinel = useInfiniteScroll(
    list.hasMore && !list.moreFailed,
    list.loading || list.loadingMore,
    list.loadMore,
  );
  const popular = popularRowIndex(list.rows, popularity);
  const [nameColumn, ...otherColumns] = columns;
  const span = columns.length + (menuFor ? 1 : 0);

  const onRowClick = (event: MouseEvent<HTMLTableRowElement>, row: T) => {
    if (!onOpen || (event.target instanceof Element && event.target.closest(`[${OWN_CLICKS}]`))) return;
    onOpen(row);
  };

  const status = list.loading ? (
    <p className="admin-table__status" role="status">
      Loading…
    </p>
  ) : list.failed ? (
    <p className="admin-table__status admin-table__status--error" role="alert">
      {LIST_FAILED_MESSAGE}
    </p>
  ) : list.rows.length === 0 ? (
    <p className="admin-table__status">{emptyText ?? `No ${noun} Found`}</p>
  ) : null;

  return (
    <div className="admin-table">
      <table className="admin-table__table" aria-label={label}>
        <colgroup>
          {columns.map((column) => (
            <col
              key={column.id}
              className={column.optional ? 'admin-table__optional' : undefined}
              style={{ width: `${column.width}%` }}
            />
          ))}
          {menuFor ? <col style={{ width: `${menuWidth}%` }} /> : null}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column) => {
              const direction =
                column.sortKey && sort.sort?.key === column.sortKey ? sort.sort.direction : null;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={column.optional ? 'admin-table__optional' : undefined}
                  aria-sort={column.sortKey ? (direction ? SORT_ARIA[direction] : 'none') : undefined}
                >
                  {column.sortKey ? (
                    <button
                      type="button"
                      className="admin-table__sort"
                      onClick={() => sort.toggle(column.sortKey ?? '')}
                    >
                      {column.label}
                      <span className="admin-table__sort-mark" aria-hidden="true">
                        {direction ? SORT_MARK[direction] : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
            {menuFor ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {status ? (
            <tr>
              <td colSpan={span}>{status}</td>
            </tr>
          ) : (
            list.rows.map((row, index) => (
              // The row's first cell is its keyboard-operable button (Enter); the rest of the row is a wider mouse target.
              <tr
                key={rowKey(row)}
                className={onOpen ? 'admin-table__row' : 'admin-table__row admin-table__row--static'}
                onClick={(event) => onRowClick(event, row)}
                {...{ [ROW_CONTAINER_ATTRIBUTE]: '' }}
              >
                {nameColumn && onOpen ? (
                  <td className="admin-table__name">
                    <button type="button" className="admin-table__open" {...{ [ROW_ATTRIBUTE]: '' }}>
                      <span className="admin-table__name-text">{nameColumn.cell(row)}</span>
                      {index === popular ? <span className="admin-table__popular">popular</span> : null}
                    </button>
                  </td>
                ) : nameColumn ? (
                  <td className="admin-table__name">
                    <span className="admin-table__name-text">{nameColumn.cell(row)}</span>
                  </td>
                ) : null}
                {otherColumns.map((column) => (
                  <td
                    key={column.id}
                    className={column.optional ? 'admin-table__optional' : undefined}
                    {...(column.interactive ? { [OWN_CLICKS]: '' } : {})}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                {menuFor ? (
                  <td className="admin-table__menu" {...{ [OWN_CLICKS]: '' }}>
                    <RowMenu
                      rowName={rowName(row)}
                      items={menuFor(row)}
                      {...(menuFlipMarginPx !== undefined ? { flipMarginPx: menuFlipMarginPx } : {})}
                    />
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <div ref={sentinel} className="admin-table__sentinel" data-testid="table-sentinel" />
      {list.loadingMore ? (
        <p className="admin-table__status" role="status">
          Loading more…
        </p>
      ) : null}
      {list.moreFailed ? (
        <div className="admin-table__more-failed" role="alert">
          <span>{MORE_FAILED_MESSAGE}</span>
          <button type="button" className="button button--secondary button--small" onClick={list.loadMore}>
            Try again
          </button>
        </div>
      ) : null}
      {list.hasMore && !list.loadingMore && !list.moreFailed && !canObserveScrolling() ? (
        <button type="button" className="button button--secondary button--small" onClick={list.loadMore}>
          Load more
        </button>
      ) : null}
    </div>
  );
}
