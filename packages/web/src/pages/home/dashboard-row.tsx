import type { ReactNode } from 'react';
import type { RowMenuItem } from '../../components/lists/row-menu.js';
import { RowMenu } from '../../components/lists/row-menu.js';
import { ROW_ATTRIBUTE } from '../../components/lists/row-navigation.js';

/** Props of one row of a dashboard list. */
export interface DashboardRowProps {
  name: string;
  /** What the row shows for the name, when more than its text (a secret's, with its header marker). */
  label?: ReactNode;
  /** The line under the name (category and chest, or secret count). */
  detail?: ReactNode;
  /** A small marker after the name (e.g. 'Deleted'). */
  badge?: string;
  selected?: boolean;
  onOpen: () => void;
  menuItems: readonly RowMenuItem[];
}

/**
 * A row: one button that opens it (Enter; arrows move between rows) and its options menu (Right).
 * The button carries the row attribute the keyboard navigation looks for.
 */
export function DashboardRow({ name, label, detail, badge, selected, onOpen, menuItems }: DashboardRowProps) {
  return (
    <>
      <button
        type="button"
        className={selected ? 'dashboard-row__main dashboard-row__main--selected' : 'dashboard-row__main'}
        aria-current={selected ? 'true' : undefined}
        {...{ [ROW_ATTRIBUTE]: '' }}
        onClick={onOpen}
      >
        <span className="dashboard-row__name">
          {label ?? name}
          {badge ? <span className="dashboard-row__badge">{badge}</span> : null}
        </span>
        {detail ? <span className="dashboard-row__detail">{detail}</span> : null}
      </button>
      <RowMenu rowName={name} items={menuItems} />
    </>
  );
}
