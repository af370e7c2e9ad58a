import { useEffect, useRef } from 'react';
import { createEvent } from '../../lib/create-event.js';

/** Fired when the logo is clicked: the dashboard empties its search box (spec section 1). */
export const searchReset = createEvent<void>();

/** Runs `onReset` whenever the search must be cleared; for the screens owning a search box. */
export function useSearchReset(onReset: () => void): void {
  const latest = useRef(onReset);
  latest.current = onReset;
  useEffect(() => searchReset.subscribe(() => latest.current()), []);
}
