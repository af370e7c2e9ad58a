import { useShortcuts } from '../../shortcuts/use-shortcuts.js';
import { ROW_MENU_BUTTON_ATTRIBUTE } from './row-menu.js';
import { focusedRow, listRows, moveRowFocus, ROW_CONTAINER_ATTRIBUTE } from './row-navigation.js';

// Arrows walk rows when a row has focus or nothing does; elsewhere they keep their usual job (scrolling).
const mayWalkRows = () =>
  listRows().length > 0 && (focusedRow() !== null || document.activeElement === document.body);

/** Clicks the options button of the focused row (Right arrow). */
function openFocusedRowMenu(): void {
  focusedRow()
    ?.closest(`[${ROW_CONTAINER_ATTRIBUTE}]`)
    ?.querySelector<HTMLButtonElement>(`[${ROW_MENU_BUTTON_ATTRIBUTE}]`)
    ?.click();
}

/**
 * The keyboard of row lists and tables (spec section 2): Down and Up walk the rows, Enter opens the
 * focused one, Right opens its options menu. `scope` prefixes the ids ('dashboard', 'admin-table').
 */
export function useRowShortcuts(scope: string): void {
  useShortcuts([
    {
      id: `${scope}.row-down`,
      alwaysListed: true,
      keys: 'ArrowDown',
      description: 'Next row',
      allowRepeat: true,
      when: mayWalkRows,
      run: () => moveRowFocus(1),
    },
    {
      id: `${scope}.row-up`,
      alwaysListed: true,
      keys: 'ArrowUp',
      description: 'Previous row',
      allowRepeat: true,
      when: mayWalkRows,
      run: () => moveRowFocus(-1),
    },
    {
      id: `${scope}.row-open`,
      alwaysListed: true,
      keys: 'Enter',
      description: 'Open the selected row',
      when: () => focusedRow() !== null,
      run: () => focusedRow()?.click(),
    },
    {
      id: `${scope}.row-menu`,
      alwaysListed: true,
      keys: 'ArrowRight',
      description: "Open the row's options menu",
      when: () => focusedRow() !== null,
      run: openFocusedRowMenu,
    },
  ]);
}
