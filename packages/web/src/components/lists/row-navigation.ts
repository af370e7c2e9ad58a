/** The attribute every keyboard-navigable row's main (focusable) element carries. */
export const ROW_ATTRIBUTE = 'data-list-row';

/** The attribute of the element that holds one row: its main element, cells and options menu. */
export const ROW_CONTAINER_ATTRIBUTE = 'data-list-row-container';

/** The navigable rows currently on screen, in document order. */
export function listRows(root: ParentNode = document): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(`[${ROW_ATTRIBUTE}]`));
}

/** The row that has keyboard focus, if any. */
export function focusedRow(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.hasAttribute(ROW_ATTRIBUTE) ? active : null;
}

/** The main element of the row that holds `element` (a menu button, a cell). */
export function rowOf(element: Element | null): HTMLElement | null {
  return (
    element?.closest(`[${ROW_CONTAINER_ATTRIBUTE}]`)?.querySelector<HTMLElement>(`[${ROW_ATTRIBUTE}]`) ?? null
  );
}

/** Moves focus one row down (+1) or up (-1); from outside the rows, Down starts at the first. */
export function moveRowFocus(step: 1 | -1): void {
  const rows = listRows();
  if (rows.length === 0) return;
  const current = focusedRow();
  const index = current ? rows.indexOf(current) : -1;
  const next =
    index === -1 ? (step === 1 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, index + step));
  rows[next]?.focus();
}
