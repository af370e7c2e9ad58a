import { ROW_MENU_FLIP_MARGIN_PX, ROW_MENU_FLIP_RATIO } from '@coffer/core';
import type { KeyboardEvent } from 'react';
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../layout/use-dismiss.js';

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
}

/** The attribute of a row's menu button; Right arrow on a focused row clicks it. */
export const ROW_MENU_BUTTON_ATTRIBUTE = 'data-row-menu-button';

/**
 * A row's options menu (spec section 2, "Lists and row menus"): a button and a menu of actions.
 * It opens above the row when opened in the lower 30% of the window or within 200 px of its bottom.
 * Arrows move between items, Escape or Left closes it and gives focus back to the row.
 */
export function RowMenu({ rowName, items }: RowMenuProps) {
  const [open, setOpen] = useState(false);
  const [above, setAbove] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback(() => {
    setOpen(false);
    const row = rootRef.current
      ?.closest('.dashboard-row')
      ?.querySelector<HTMLElement>('[data-dashboard-row]');
    (row ?? buttonRef.current)?.focus();
  }, []);
  useDismiss(rootRef, open, close);

  if (items.length === 0) return null;

  const openMenu = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    const height = window.innerHeight;
    setAbove(rect !== undefined && height > 0 && flipsAbove(rect.bottom, height));
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
        onClick={() => (open ? close() : openMenu())}
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
              onClick={() => {
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

/** Spec section 2: above the row when below 70% of the window height or within 200 px of the bottom. */
export function flipsAbove(bottom: number, windowHeight: number): boolean {
  return bottom > windowHeight * ROW_MENU_FLIP_RATIO || windowHeight - bottom < ROW_MENU_FLIP_MARGIN_PX;
}

function menuItems(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}
