import type { AnimationEvent, RefObject } from 'react';
import { useLayoutEffect, useRef } from 'react';

/** The class that runs the page's fade-in (layout.css). */
export const PAGE_ENTER_CLASS = 'page-enter';

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The 300 ms page transition (spec section 9): when `page` changes, the element fades in by a CSS
 * animation of opacity alone, restarted on the element that stays. No screen remounts, input and
 * focus are never held back, and nothing moves (Playwright waits for still boxes, not opacity).
 * No fade on the first page, with prefers-reduced-motion, or where `page` is null (a route that
 * fades by itself). Answers the handler that takes the class off once the fade is done.
 */
export function usePageTransition(
  ref: RefObject<HTMLElement | null>,
  page: string | null,
): (event: AnimationEvent<HTMLElement>) => void {
  const shown = useRef(page);
  // Before paint, so the new page never flashes in fully before its fade starts.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || shown.current === page) return;
    shown.current = page;
    element.classList.remove(PAGE_ENTER_CLASS);
    if (page === null || reducedMotion()) return;
    // Reading the layout between taking the class off and putting it back restarts the animation.
    element.getBoundingClientRect();
    element.classList.add(PAGE_ENTER_CLASS);
  }, [ref, page]);

  return (event) => {
    // The screens' own animations (the welcome fade) bubble up here too.
    if (event.target === event.currentTarget) event.currentTarget.classList.remove(PAGE_ENTER_CLASS);
  };
}
