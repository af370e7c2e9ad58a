import type { ReactNode } from 'react';
import type { Bubble } from '../admin-table/bubble-cell.js';
import { BubbleCell } from '../admin-table/bubble-cell.js';

/** Props of a show screen's header. */
export interface AdminShowHeaderProps {
  /** The heading's text (a truncated name, say). */
  title: ReactNode;
  /** The heading's tooltip (the full name when the title is truncated). */
  fullTitle?: string;
  /** The linked items' caption ('Teams', 'Chests'). */
  label: string;
  noun: readonly [one: string, many: string];
  /** The linked items' bubbles; absent while the item loads (no caption then). */
  bubbles?: readonly Bubble[];
  /** Buttons after the links ('Team Settings'). */
  children?: ReactNode;
}

/**
 * The header of /admin/chests/show and /admin/teams/show: the item's name and the items linked to it
 * as bubbles (each opens its page; its cross unlinks it).
 */
export function AdminShowHeader({ title, fullTitle, label, noun, bubbles, children }: AdminShowHeaderProps) {
  return (
    <header className="admin-show__header">
      <h1 className="admin__title" title={fullTitle}>
        {title}
      </h1>
      {bubbles ? (
        <div className="admin-show__links">
          <span className="admin-show__label">{label}</span>
          <BubbleCell noun={noun} bubbles={bubbles} />
        </div>
      ) : null}
      {children}
    </header>
  );
}
