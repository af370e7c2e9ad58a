import type { KeyboardEvent } from 'react';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '../../lib/use-dismiss.js';
import { paths } from '../../navigation/paths.js';
import { useSession, useSessionActions } from '../../session/use-session.js';

/**
 * The account menu: Account Settings, Import (everyone: issue 28), Statistics for data administrators (their way to the
 * statistics page, as they need not be administrators) and Log Out. Log Out from the menu acts at
 * once; only the Shift+L shortcut asks first (spec section 2, "Logging out via the shortcut asks").
 */
export function AccountMenu() {
  const { profile, isDataAdministrator } = useSession();
  const { logOut } = useSessionActions();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback((restoreFocus = true) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);
  useDismiss(rootRef, open, close);

  const openMenu = (focus: 'first' | 'last') => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(rootRef.current, focus));
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="account-menu__name">{profile?.name ?? 'Account'}</span>
        <span className="account-menu__chevron" aria-hidden="true" />
      </button>
      {open ? (
        <div id={menuId} role="menu" className="account-menu__list" onKeyDown={(e) => moveFocus(e, close)}>
          <Link
            role="menuitem"
            className="account-menu__item"
            to={paths.profile}
            onClick={() => close(false)}
          >
            Account Settings
          </Link>
          <Link role="menuitem" className="account-menu__item" to={paths.import} onClick={() => close(false)}>
            Import
          </Link>
          <Link
            role="menuitem"
            className="account-menu__item"
            to={paths.securityCentre}
            onClick={() => close(false)}
          >
            Security centre
          </Link>
          {isDataAdministrator ? (
            <Link
              role="menuitem"
              className="account-menu__item"
              to={paths.adminDataDashboard}
              onClick={() => close(false)}
            >
              Statistics
            </Link>
          ) : null}
          <button
            role="menuitem"
            type="button"
            className="account-menu__item"
            onClick={() => {
              close(false);
              void logOut();
            }}
          >
            Log Out
          </button>
        </div>
      ) : null}
    </div>
  );
}

function menuItems(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

function focusItem(root: HTMLElement | null, which: 'first' | 'last'): void {
  const items = menuItems(root);
  (which === 'first' ? items[0] : items[items.length - 1])?.focus();
}

// Arrow keys, Home and End move between items; Tab leaves the menu and closes it.
function moveFocus(event: KeyboardEvent<HTMLElement>, close: (restoreFocus?: boolean) => void): void {
  const items = menuItems(event.currentTarget);
  const index = items.indexOf(document.activeElement as HTMLElement);
  const target: Record<string, number> = {
    ArrowDown: (index + 1) % items.length,
    ArrowUp: (index - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  if (event.key === 'Tab') {
    close(false);
    return;
  }
  const next = target[event.key];
  if (next === undefined) return;
  event.preventDefault();
  items[next]?.focus();
}
