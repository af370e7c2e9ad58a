import { ROW_MENU_FLIP_MARGIN_PX, ROW_MENU_FLIP_RATIO } from '@coffer/core';
import type { KeyboardEvent } from 'react';
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss.js';
import { rowOf } from './row-navigation.js';
import './lists.css';

/** One action of a row menu. */
export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** Props of a row's options menu. */
export interface RowMenuProps {
  /** The row's name, for the button's accessible label ('Options for {name}'). */
  rowName: string;
  items: readonly RowMenuItem[];
  /**
   * Distance from the window's bottom under which the menu opens above the row: 200 px, 270 px for
   * the user menu (spec section 2).
   */
  flipMarginPx?: number;
}

/** The attribute of a row's menu button; Right arrow on a focused row clicks it. */
export const ROW_MENU_BUTTON_ATTRIBUTE = 'data-row-menu-button';

/**
 * A row's options menu (spec section 2, "Lists and row menus"): a button and a menu of actions.
 * It opens above the row when the click is below 70% of the window height or within 200 px (the
 * user menu: 270 px) of its bottom; opened from the keyboard, the button's bottom edge counts.
 * Arrows move between items, Escape or Left closes it and gives focus back to the row.
 */
export function RowMenu({ rowName, items, flipMarginPx = ROW_MENU_FLIP_MARGIN_PX }: RowMenuProps) {
  const [open, setOpen] = useState(false);
  const [above, setAbove] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback(() => {
    setOpen(false);
    (rowOf(rootRef.current) ?? buttonRef.current)?.focus();
  }, []);
  useDismiss(rootRef, open, close);

  if (items.length === 0) return null;

  const openMenu = (clickY: number | null) => {
    const rect = buttonRef.current?.getBoundingClientRect();
    const height = window.innerHeight;
    const y = clickY ?? rect?.bottom;
    setAbove(y !== undefined && height > 0 && flipsAbove(y, height, flipMarginPx));
    setOpen(true);
    requestAnimationFrame(() => menuItems(rootRef.current)[0]?.focus());
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    const list = menuItems(event.currentTarget);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    list[(index + step + list.length) % list.length]?.focus();
  };

  return (
    <div className="row-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="row-menu__button"
        aria-label={`Options for ${rowName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        {...{ [ROW_MENU_BUTTON_ATTRIBUTE]: '' }}
        onClick={(event) => {
          // The row's own click opens the row; the menu button is not part of that.
          event.stopPropagation();
          if (open) close();
          // A keyboard "click" has no pointer position (detail 0).
          else openMenu(event.detail > 0 ? event.clientY : null);
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={`Options for ${rowName}`}
          className={above ? 'row-menu__list row-menu__list--above' : 'row-menu__list'}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className={item.danger ? 'row-menu__item row-menu__item--danger' : 'row-menu__item'}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Spec section 2: above the row when `y` (the click) is below 70% of the window height or within
 * `marginPx` (200 px; 270 px for the user menu) of its bottom.
 */
export function flipsAbove(y: number, windowHeight: number, marginPx = ROW_MENU_FLIP_MARGIN_PX): boolean {
  return y > windowHeight * ROW_MENU_FLIP_RATIO || windowHeight - y < marginPx;
}

function menuItems(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}
