import type { RefObject } from 'react';
import { useEffect } from 'react';
import { listFocusable } from './focusable.js';

/**
 * Keeps keyboard focus inside `ref` while mounted: focuses the element marked `data-autofocus`
 * (else the first focusable, else the container), wraps Tab at both ends, and gives focus back
 * to whatever had it before when the trap unmounts.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const initial = root.querySelector<HTMLElement>('[data-autofocus]') ?? listFocusable(root)[0] ?? root;
    initial.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = listFocusable(root);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    root.addEventListener('keydown', onKeyDown);
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, [ref]);
}
